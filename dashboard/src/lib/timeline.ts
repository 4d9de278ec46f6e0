import type { ToolCallDetail } from "./api-types";
import { formatDuration } from "./format";

/** One bar of a response's tool-call timeline, in percent of the timeline's span. */
export interface TimelineBar {
  id: string;
  name: string;
  kind: "answer" | ToolCallDetail["status"];
  leftPct: number;
  widthPct: number;
  /** The start is not known (a terminal event without `started`): drawn from its duration back, marked. */
  startInferred: boolean;
  /** Started, never completed or failed: drawn to the end of the timeline, open. */
  unfinished: boolean;
  durationMs: number | null;
  title: string;
}

export interface Timeline {
  startMs: number;
  spanMs: number;
  bars: TimelineBar[];
  ticks: { pct: number; label: string }[];
}

const pct = (ms: number, start: number, span: number) => (span > 0 ? ((ms - start) / span) * 100 : 0);

/**
 * Places the answer and its tool calls on one time axis. The answer runs from its start
 * (occurred_at − time_cost_ms) to occurred_at. A call with an inferred start has only its
 * terminal time (and maybe a duration); an unfinished call has only its start.
 */
export function buildTimeline(
  response: { occurred_at: string; time_cost_ms: number },
  calls: ToolCallDetail[],
): Timeline {
  const answerEnd = Date.parse(response.occurred_at);
  const answerStart = answerEnd - response.time_cost_ms;
  const placed = calls.map((call) => {
    const first = Date.parse(call.started_at);
    const terminal = call.finished_at ? Date.parse(call.finished_at) : null;
    if (call.status === "started") return { call, from: first, to: null as number | null };
    if (call.start_inferred)
      return { call, from: call.duration_ms !== null ? terminal! - call.duration_ms : terminal!, to: terminal };
    return { call, from: first, to: terminal };
  });
  const startMs = Math.min(answerStart, ...placed.map((item) => item.from));
  const endMs = Math.max(answerEnd, ...placed.map((item) => item.to ?? item.from));
  const spanMs = Math.max(1, endMs - startMs);
  const bars: TimelineBar[] = [
    {
      id: "answer",
      name: "answer",
      kind: "answer",
      leftPct: pct(answerStart, startMs, spanMs),
      widthPct: pct(answerEnd, answerStart, spanMs),
      startInferred: false,
      unfinished: false,
      durationMs: response.time_cost_ms,
      title: `answer: ${formatDuration(response.time_cost_ms)} end to end`,
    },
    ...placed.map(({ call, from, to }): TimelineBar => {
      const unfinished = call.status === "started";
      const end = to ?? endMs;
      const durationMs = call.duration_ms ?? (to !== null && !call.start_inferred ? to - from : null);
      const notes = [
        call.start_inferred ? "start inferred (no started event)" : null,
        unfinished ? "unfinished (no completed or failed event)" : null,
        call.error_category ? `error: ${call.error_category}` : null,
      ].filter(Boolean);
      return {
        id: call.tool_call_id,
        name: call.tool_name,
        kind: call.status,
        leftPct: pct(from, startMs, spanMs),
        widthPct: pct(end, from, spanMs),
        startInferred: call.start_inferred,
        unfinished,
        durationMs,
        title: `${call.tool_name} ${call.status}${durationMs !== null ? `, ${formatDuration(durationMs)}` : ", duration unknown"}${notes.length ? ` — ${notes.join("; ")}` : ""}`,
      };
    }),
  ];
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((share) => ({
    pct: share * 100,
    label: `+${formatDuration(share * spanMs)}`,
  }));
  return { startMs, spanMs, bars, ticks };
}
