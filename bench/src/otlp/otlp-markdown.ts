import type { OtlpReport } from "./otlp-section";

/** results.md's lines for the otlp section. */
export function otlpMarkdown(r: OtlpReport): string[] {
  const runs = r.runs.map((run) => `${run.otlp_spans_per_s} / ${run.json_events_per_s}`).join(", ");
  return [
    `### OTLP traces in (\`otlp\`)`,
    "",
    `GenAI agent turns (invoke_agent, chat, execute_tool: 3 spans, 3 events) as protobuf OTLP exports of ${r.spans_per_request} spans through \`POST /v1/traces\`, against the same turns as JSON events through \`POST /v1/events\` (${r.events_per_request} a request), ${r.concurrency} requests in flight, one collector process, median of ${r.runs.length} runs of ${r.turns_per_run} turns: ` +
      `${r.otlp_spans_per_s} spans/s against ${r.json_events_per_s} events/s, ratio ${r.ratio ?? "not computable"} (runs, spans/s / events/s: ${runs}; goal ≥ ${r.goal_ratio}: ${r.goal_met ? "met" : "NOT met"}).`,
    "",
  ];
}
