import type { EngineFigures, EnginesReport } from "../engines/engines-section";
import { n, row } from "./cells";
import { slowQueryTable } from "./markdown";

const met = (value: boolean | null | undefined) =>
  value === true ? "met" : value === false ? "**missed**" : "not measured";
const seconds = (f: EngineFigures) =>
  `${n(Math.round(f.load.seconds.responses))} + ${n(Math.round(f.load.seconds.toolCallEvents))} + ${n(Math.round(f.load.seconds.feedbackEvents))} + ${n(Math.round(f.load.seconds.labels ?? Number.NaN))}`;
const rss = (f: EngineFigures) =>
  f.clickhouse_server
    ? `node ${n(f.serving_process.peak_rss_mb)} + ClickHouse server ${n(f.clickhouse_server.peak_rss_mb)}`
    : `${n(f.serving_process.peak_rss_mb)} (one process)`;

/** The engines section of results.md: both engines side by side, each ratio beside its goal. */
export function enginesMarkdown(e: EnginesReport): string[] {
  const { embedded: em, server: sv, ratios, goals_met: goals } = e;
  const loads = e.runs.map((r) => r.loadavg[0]!);
  const rangeRows = Object.keys(em.metrics).map((range) =>
    row([
      `metrics route ${range} by model, p50 / p95 ms (${em.metrics[range]!.runs} runs each)`,
      `${n(em.metrics[range]!.p50_ms)} / ${n(em.metrics[range]!.p95_ms)}`,
      `${n(sv.metrics[range]!.p50_ms)} / ${n(sv.metrics[range]!.p95_ms)}`,
      `${n(ratios.metrics_p95[range])} (p95)`,
      `≤ ${e.goals.query_ratio_max}: ${met(goals[`metrics_${range}_ratio`])}; p95 < ${n(e.goals.p95_ms_max[range])} ms: embedded ${met(goals[`metrics_${range}_p95_embedded`])}, server ${met(goals[`metrics_${range}_p95_server`])}`,
    ]),
  );
  const cpuCell = (f: EngineFigures, measure: string) => {
    const c = f.cpu?.[measure];
    if (!c) return "–";
    const node = `${f.clickhouse_server ? "node " : ""}${n(c.serving_process_s)} (main thread ${n(c.main_thread_s)})`;
    return `${node}${c.clickhouse_server_s !== undefined ? ` + ClickHouse ${n(c.clickhouse_server_s)}` : ""} in ${n(c.wall_s)} s`;
  };
  const cpuRows = Object.keys(em.cpu ?? {}).map((measure) =>
    row([`CPU s over the ${measure} runs`, cpuCell(em, measure), cpuCell(sv, measure), "", ""]),
  );
  const queryLog = (f: EngineFigures) =>
    Array.isArray(f.slowest_queries)
      ? `${f.slowest_queries.length} slowest queries below`
      : f.slowest_queries.unavailable;
  return [
    `### Embedded ClickHouse ${em.clickhouse_version} against the server (${sv.clickhouse_version})`,
    "",
    `${n(e.responses)} responses (the queries section's data set) in each engine, queries on ${e.tenantId}. Each engine in a serving process of its own that opens the warehouse as \`answerscope serve\` does and runs serve's roles (${e.serve_roles.join(", ")}): embedded, the engine in that process; server, a node process and the ClickHouse server. ` +
      `Every measure's runs interleaved, alternating which engine goes first; load average (1 min) at the runs' starts ${n(Math.min(...loads))}–${n(Math.max(...loads))} on a machine shared with other work. ` +
      `Ingest: ${n(e.ingest.events)} demo events per run through POST /v1/events (${n(e.ingest.per_request)} per request, ${e.ingest.concurrency} in flight; answered once stored) after ${n(e.ingest.warmup_events)} warm-up events. ` +
      `Label update: ${n(e.label_update_events)} new events with random ids written as the worker writes them, then the evaluator; the generated label rows stand for a first evaluation, with the watermark it would leave.`,
    "",
    row(["measure", "embedded", "server", "embedded ÷ server", "goal"]),
    row(["---", "---:", "---:", "---:", "---"]),
    row(["load, s (responses + tool calls + feedback + labels)", seconds(em), seconds(sv), "", ""]),
    row([
      `collector ingest, events/s (median of ${e.ingest.runs} runs)`,
      `${n(em.ingest_median_events_per_s)} (${em.ingest_events_per_s.map(n).join(", ")})`,
      `${n(sv.ingest_median_events_per_s)} (${sv.ingest_events_per_s.map(n).join(", ")})`,
      n(ratios.ingest),
      `≥ ${e.goals.ingest_ratio_min}: ${met(goals.ingest_ratio)}`,
    ]),
    ...rangeRows,
    row([
      `label update after ${n(e.label_update_events)} events, p50 / max ms (${em.label_update.runs} runs each)`,
      `${n(em.label_update.p50_ms)} / ${n(em.label_update.max_ms)}`,
      `${n(sv.label_update.p50_ms)} / ${n(sv.label_update.max_ms)}`,
      `${n(ratios.label_update_p50)} (p50)`,
      "",
    ]),
    row(["peak RSS over ingest, queries and label updates, MB", rss(em), rss(sv), "", ""]),
    ...cpuRows,
    row(["system.query_log", queryLog(em), queryLog(sv), "", ""]),
    "",
    ...[em, sv].flatMap((f) =>
      Array.isArray(f.slowest_queries) && f.slowest_queries.length
        ? [
            `Slowest queries of the ${f.engine} engine (system.query_log):`,
            "",
            ...slowQueryTable(f.slowest_queries),
            "",
          ]
        : [],
    ),
  ];
}
