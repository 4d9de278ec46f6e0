import type { BenchResults } from "./results";
import { FLOOR_NAMES, FLOORS } from "../ingest/floor-limit";
import type { LabelUpdateReport } from "../outcomes/label-update";
import type { QueryTiming } from "../scale/query-speed";
import { lookupReadsText } from "../scale/lookup-reads";
import { n, row } from "./cells";
import { enginesMarkdown } from "./engines-markdown";
import { sdkMarkdown } from "../sdk/sdk-markdown";
import { otlpMarkdown } from "../otlp/otlp-markdown";
import { viewsMarkdown } from "../views/views-markdown";
import type { SlowQuery } from "./slow-queries";

/** A small fraction (CPU seconds, a ratio) to three significant digits: medians of two runs carry float noise (0.0045000000000000005). */
const digits3 = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value)
    ? "–"
    : value.toLocaleString("en", { maximumSignificantDigits: 3 });

/** The results as the markdown of bench/results.md (PERFORMANCE.md's "Where each target stands" quotes its figures). */
export function resultsMarkdown(r: BenchResults): string {
  const out: string[] = [];
  const m = r.machine;
  out.push(
    `Measured ${m.measured_at} on ${m.nproc} cores (${m.cpu_model}), ${m.memory_gb} GB, ClickHouse ${m.clickhouse_version}, Node ${m.node_version}.`,
    "",
  );
  if (r.scale) {
    const { load, queries, duplicateChecks: checks } = r.scale;
    out.push(
      `### Query speed at scale`,
      "",
      `${n(load.counts.responses)} responses, ${n(load.counts.toolCallEvents)} tool-call events, ${n(load.counts.feedbackEvents)} feedback events over 90 days, 4 tenants; ` +
        (Number.isFinite(load.seconds.responses ?? Number.NaN)
          ? `loaded in ${n(Math.round(load.seconds.responses))} + ${n(Math.round(load.seconds.toolCallEvents))} + ${n(Math.round(load.seconds.feedbackEvents))} s${load.loadedByRunOf ? ` (by the run of ${load.loadedByRunOf}; reused with --reuse-data)` : ""}; `
          : "loaded by an earlier invocation (--reuse-data); ") +
        (Number.isFinite(load.seconds.labels ?? Number.NaN)
          ? `generated label rows for every response in ${n(Math.round(load.seconds.labels!))} s (the outcome evaluator's output shape, with tool counts; not evaluated); `
          : "") +
        `metrics_5m holds ${n(load.metricsRows)} rows (${(load.metricsRows / load.counts.responses).toFixed(2)} per response). ` +
        `Queries on the largest tenant (${queries.tenantId}, ${n(queries.tenantResponses)} responses).`,
      "",
      row(["route", "rows", "p50 ms", "p95 ms", "runs"]),
      row(["---", "---:", "---:", "---:", "---:"]),
      ...[...queries.routes, ...queries.raw].map(queryTimingRow),
      "",
      `Raw tables ÷ metrics route (p50, same run), all of the route's figures: ${speedups(queries.viewSpeedup, "all", queries.lowerBounds)}; Phase 1 alone: ${speedups(queries.phase1Speedup ?? {}, "phase1", queries.lowerBounds)}${(queries.lowerBounds ?? []).length > 0 ? " (≥: the raw read was stopped at its time limit)" : ""}.`,
      "",
    );
    if (checks) {
      out.push(
        `Ingest on this data set: the worker's duplicate checks (the "already stored?" lookups before each write) of a ${n(checks.rowsPerWrite)}-row write of new events of ${checks.tenantId}, with random ids: p50 ${n(checks.p50_ms)} ms, p95 ${n(checks.p95_ms)} ms over ${checks.runs} runs (${n(checks.rowsToInsert)} rows left to insert).${lookupReadsText(checks.reads)}`,
        "",
      );
    }
  }
  if (r.first_evaluation || r.label_update) {
    out.push(`### Outcome evaluation`, "");
    for (const t of r.first_evaluation?.tenants ?? [])
      out.push(
        `- first pass, ${t.tenantId}: ${n(t.responses)} responses in ${n(t.seconds)} s (${n(t.responses_per_s)} responses/s, ${n(t.written)} labels${t.chunk_splits ? `; chunks halved ${t.chunk_splits}× at ClickHouse's memory limit, to ${n(t.final_chunk_size)} responses` : ""})`,
      );
    for (const t of r.first_evaluation?.skipped ?? [])
      out.push(
        `- first pass, ${t.tenantId} (${n(t.responses)} responses): not run, would not finish within the ${r.first_evaluation?.budgetSeconds} s budget`,
      );
    const update = (u: LabelUpdateReport, when: string) =>
      `- label update after ${n(u.newEvents)} new events on ${u.tenantId} ${when} (random ids, as real producers send): p50 ${n(u.p50_ms)} ms, max ${n(u.max_ms)} ms over ${u.runs} runs (candidates ${u.candidates.join(", ")})`;
    if (r.label_update) out.push(update(r.label_update, "now"));
    if (r.label_update_month_end)
      out.push(
        update(
          r.label_update_month_end,
          `at a month's end (events up to ${r.label_update_month_end.eventsEnd}, the last second of the previous month, whose partition the reads then keep whole)`,
        ),
      );
    out.push("");
  }
  if (r.ingest) {
    const i = r.ingest;
    out.push(
      `### Ingest throughput`,
      "",
      `${n(i.events)} demo events (${Object.entries(i.mix)
        .map(([k, v]) => `${k} ${n(v)}`)
        .join(
          ", ",
        )}; ${i.avg_message_bytes} B average), batches of ${n(i.batch_rows)} rows, medians of ${i.runs} interleaved runs; each rate is the rows counted between the first observations past 10 % and past 90 % of ${i.warmup_events ? `the measured events, over the time between them. Every path first handles ${n(i.warmup_events)} warm-up events of other tenants (the same mix), outside that window, so every rate is taken on a warm process writing into tables that already hold data, as a running pipeline does (bench/PERFORMANCE.md, "Ingest: what moved the figures").` : "the total, over the time between them."}`,
      "",
      row(["path", "events/s"]),
      row(["---", "---:"]),
      row(["produce (kafkajs, acks -1)", n(i.produce_events_per_s)]),
      row(["source limit (kafkajs consumer: counts, commits as the worker does)", n(i.source_events_per_s)]),
      row(["sink limit (plain inserts of the rows the worker stores, same batches)", n(i.sink_plain_events_per_s)]),
      row([
        "worker's sink (duplicate checks, each batch's during the insert before it; same batches)",
        n(i.sink_events_per_s),
      ]),
      ...FLOOR_NAMES.flatMap((name) =>
        i.floors?.[name] ? [row([`${FLOORS[name].label} (${FLOORS[name].does})`, n(i.floors[name].events_per_s)])] : [],
      ),
      row(["ingest, 1 worker process", n(i.one_worker_events_per_s)]),
      row(["ingest, 2 worker processes", n(i.two_workers_events_per_s)]),
      "",
      `ingest / min(source, plain sink) = ${i.ingest_vs_limit ?? "–"}; ingest / min(source, worker's sink) = ${i.ingest_vs_write_facts_limit ?? "–"}; two workers / one = ${i.two_vs_one ?? "–"}; worker peak RSS ${n(i.worker_peak_rss_mb)} MB.` +
        (i.one_worker_writes
          ? ` One worker made ${n(i.one_worker_writes.writes)} warehouse writes of ${n(i.one_worker_writes.rows_per_write)} rows on average, ${n(i.one_worker_writes.write_seconds)} s of its ${n(i.one_worker_writes.total_seconds)} s.`
          : "") +
        (i.max_rows_handled_per_stored !== undefined
          ? ` Rows the workers handed to writes ÷ rows stored: at most ${i.max_rows_handled_per_stored} over all worker runs (1: no message was read twice).`
          : ""),
      "",
      i.floors?.contract
        ? `${FLOORS.contract.reaches} ${i.floors.contract.vs_limit} of min(source, plain sink): no worker that does the contract's work on these parts ingests faster here. One worker reaches ${i.ingest_vs_floor} of the floor.` +
            FLOOR_NAMES.filter((name) => name !== "contract")
              .map((name) => (i.floors?.[name] ? ` ${FLOORS[name].reaches} ${i.floors[name].vs_limit}.` : ""))
              .join("")
        : "",
      "",
    );
    const cpuRuns = [
      ["source limit (consumer)", i.cpu_source],
      ["plain sink (inserting client)", i.cpu_sink_plain],
      ["worker's sink (inserting client)", i.cpu_sink],
      ...FLOOR_NAMES.map(
        (name) => [`${FLOORS[name].label} (consumer and inserting client)`, i.floors?.[name]?.cpu] as const,
      ),
      ["1 worker", i.cpu_one_worker],
      ["2 workers", i.cpu_two_workers],
    ] as const;
    if (cpuRuns.some(([, c]) => c)) {
      out.push(
        `CPU accounting (10 %-90 % window of each source, floor and worker run, the whole run of the plain inserts; medians): CPU seconds per 1,000 events of the worker process(es) (for the limits: the process that consumes or inserts), ClickHouse and the mock broker, and the CPU-bound ceiling = cores ÷ their CPU seconds per event, the rate at which these three alone would use every core; the worker ceiling = worker processes ÷ the CPU seconds per event of their main threads (the JavaScript; V8's helper threads for concurrent GC and compilation run beside it and count only in the process's CPU), the rate at which each worker's JavaScript thread would be busy all the time. "machine busy" counts every process of the machine, other jobs included.`,
        "",
        i.shared_core_limit_events_per_s
          ? `**Shared-core limit:** a worker has to consume at least what the source consumer consumes and insert at least what the plain inserts insert, on the same ${i.cpu_source?.cores ?? "–"} cores at once, so cores ÷ (source consumer + broker + inserting client + ClickHouse CPU per event) = ${n(i.shared_core_limit_events_per_s)} events/s is the fastest any worker could ingest here, however little work of its own it did: ${i.shared_core_limit_vs_min_limit} of min(source, plain sink). One worker reaches ${i.ingest_vs_shared_core_limit} of it.`
          : "",
        "",
        row([
          "run",
          "worker CPU s/1k",
          "of it main thread",
          "ClickHouse CPU s/1k",
          "broker CPU s/1k",
          "total CPU s/1k",
          "cores",
          "CPU ceiling events/s",
          "worker ceiling events/s",
          "ingest events/s",
          "ingest / CPU ceiling",
          "ingest / worker ceiling",
          "machine busy",
        ]),
        row(["---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:"]),
        ...cpuRuns.flatMap(([label, c]) =>
          c
            ? [
                row([
                  label,
                  digits3(c.worker_cpu_s_per_1k),
                  digits3(c.worker_main_thread_cpu_s_per_1k),
                  digits3(c.clickhouse_cpu_s_per_1k),
                  digits3(c.broker_cpu_s_per_1k),
                  digits3(c.total_cpu_s_per_1k),
                  c.cores,
                  n(c.ceiling_events_per_s),
                  n(c.worker_ceiling_events_per_s),
                  n(c.events_per_s),
                  digits3(c.ingest_vs_ceiling),
                  digits3(c.ingest_vs_worker_ceiling),
                  `${Math.round(c.machine_busy_share * 100)} %`,
                ]),
              ]
            : [],
        ),
        "",
      );
    }
  }
  if (r.freshness) {
    const f = r.freshness;
    out.push(
      `### Freshness`,
      "",
      `Produced at ${n(f.events_per_s)} events/s (half the one-worker rate) for ${f.seconds} s with one worker; delay from produce to counted by queryMetrics over ${f.probes} ticks: p50 ${n(f.p50_ms)} ms, p95 ${n(f.p95_ms)} ms, max ${n(f.max_ms)} ms.${f.failed_probes ? ` Failed probes (the next one answered for them): ${n(f.failed_probes)}.` : ""}`,
      "",
    );
  }
  if (r.exporter) {
    const e = r.exporter;
    out.push(
      `### Exporter`,
      "",
      `The quality exporter as its own process on the data set, refreshing every second: GET /metrics p50 ${n(e.scrape.p50_ms)} ms, p95 ${n(e.scrape.p95_ms)} ms over ${e.scrape.runs} scrapes; ` +
        `${n(e.series)} series in ${n(e.families)} families (${n(e.page_kb)} KB); refresh (its ClickHouse reads) p50 ${n(e.refresh.p50_ms)} ms, max ${n(e.refresh.max_ms)} ms over ${e.refreshes}; peak RSS ${n(e.peak_rss_mb)} MB.`,
      "",
    );
  }
  if (r.engines) out.push(...enginesMarkdown(r.engines));
  if (r.sdk) out.push(...sdkMarkdown(r.sdk));
  if (r.otlp) out.push(...otlpMarkdown(r.otlp));
  if (r.views) out.push(...viewsMarkdown(r.views));
  const carried = Object.entries(r.section_machines ?? {});
  if (carried.length) {
    out.push(`### Sections from earlier runs`, "");
    for (const [section, machine] of carried)
      out.push(
        `- ${section}: measured ${machine.measured_at} on ${machine.nproc} cores (${machine.cpu_model}), ${machine.memory_gb} GB, ClickHouse ${machine.clickhouse_version}, Node ${machine.node_version}`,
      );
    out.push("");
  }
  for (const [section, queries] of Object.entries(r.slowest_queries)) {
    if (queries.length === 0) continue;
    out.push(`### Slowest queries of ${section} (system.query_log)`, "", ...slowQueryTable(queries), "");
  }
  for (const [section, error] of Object.entries(r.errors))
    out.push(`**${section} failed:** ${error.split("\n")[0]}`, "");
  return out.join("\n");
}

/** The slowest queries of system.query_log as a markdown table. */
export function slowQueryTable(queries: readonly SlowQuery[]): string[] {
  return [
    row(["ms", "rows read", "MB read", "memory MB", "query"]),
    row(["---:", "---:", "---:", "---:", "---"]),
    ...queries.map((q) =>
      row([
        `${n(q.duration_ms)}${q.failed ? " (failed)" : ""}`,
        n(Number(q.read_rows)),
        n(q.read_mb),
        n(q.memory_mb),
        `\`${q.query.replace(/\|/g, "\\|").replace(/`/g, "'").slice(0, 160)}…\``,
      ]),
    ),
  ];
}

/** A timed route or raw read; one left out or failed says so in place of its figures. */
function queryTimingRow(q: QueryTiming): string {
  if (q.skipped) return row([q.name, "–", "not run", q.skipped, "–"]);
  if (q.error) return row([q.name, "–", "failed", `failed: ${q.error.slice(0, 140)}`, "–"]);
  return row([q.name, n(q.rows), n(q.p50_ms), n(q.p95_ms), q.runs ?? "–"]);
}

function speedups(ratios: Record<string, number | null>, kind: string, lowerBounds: readonly string[] = []): string {
  return (
    Object.entries(ratios)
      .map(([range, x]) => `${range} ${lowerBounds.includes(`${kind}:${range}`) ? "≥" : ""}${x ?? "–"}×`)
      .join(", ") || "–"
  );
}
