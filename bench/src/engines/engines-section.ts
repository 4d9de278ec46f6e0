import { loadavg } from "node:os";
import { rm } from "node:fs/promises";
import { demoMessages } from "../demo-fact-batches";
import { progress } from "../progress";
import type { LabelUpdateReport } from "../outcomes/label-update";
import type { SlowQuery } from "../report/slow-queries";
import { dataWindowEndingAt } from "../scale/data-shape";
import type { LoadReport } from "../scale/load-scale-data";
import { RANGES, type MetricsRange } from "../scale/query-speed";
import { LARGEST_TENANT } from "../scale/scale-section";
import { median, ratio, round, timingOf, type Timing } from "../stats";
import { postToCollector } from "./collector-ingest";
import { forkEngineHost, type EngineHost, type HostEntry } from "./host-client";
import { processMemory, resetPeakRss, type ProcessMemory } from "./process-memory";
import { ENGINE_GOALS, goalsMet } from "./engine-goals";
import { CpuTally, type MeasureCpu } from "./measure-cpu";

export const ENGINES = ["embedded", "server"] as const;
export type Engine = (typeof ENGINES)[number];
/** The ranges the issue's query targets name. */
const TIMED_RANGES = RANGES.filter((range) => range.name === "24h" || range.name === "90d");
const INGEST_TENANT = "bench_ingest";
const WARMUP_TENANT = "bench_ingest_warmup";
const KEYS = { [INGEST_TENANT]: "bench-engines-ingest", [WARMUP_TENANT]: "bench-engines-warmup" };
/** Events per POST and POSTs in flight: 8,000 events in flight, more than one 5,000-row write of the collector. */
const POSTING = { perRequest: 1000, concurrency: 8 };
/** The roles the serving process runs: what serves ingest and reads (the evaluator's loop would run beside the measurements). */
const SERVE_ROLES = ["collector", "api"];

export interface EngineFigures {
  engine: Engine;
  clickhouse_version: string;
  load: LoadReport;
  ingest_events_per_s: number[];
  ingest_median_events_per_s: number;
  metrics: Record<string, Timing & { rows: number }>;
  label_update: Timing & { candidates: number[] };
  /** The serving process (node; with the embedded engine, the engine too), over ingest, queries and label updates. */
  serving_process: ProcessMemory;
  /** The ClickHouse server of the server engine, over the same phases. */
  clickhouse_server?: ProcessMemory;
  slowest_queries: SlowQuery[] | { unavailable: string };
  /** CPU seconds of the serving process (its main thread: the JavaScript) and the ClickHouse server over each measure's runs: where the time goes, on both engines. */
  cpu: Record<string, MeasureCpu>;
}

export interface EngineRun {
  measure: string;
  index: number;
  order: Engine[];
  /** os.loadavg() as the run started: 1, 5 and 15 minutes. */
  loadavg: number[];
}

export interface EnginesReport {
  responses: number;
  tenantId: string;
  serve_roles: string[];
  ingest: { events: number; warmup_events: number; per_request: number; concurrency: number; runs: number };
  query_runs: number;
  label_update_events: number;
  runs: EngineRun[];
  embedded: EngineFigures;
  server: EngineFigures;
  /** Embedded ÷ server, each of the same run's figures. */
  ratios: { ingest: number | null; metrics_p95: Record<string, number | null>; label_update_p50: number | null };
  goals: typeof ENGINE_GOALS;
  goals_met: Record<string, boolean | null>;
}

export interface EnginesOptions {
  url: string;
  responses: number;
  queryRuns: number;
  ingestEvents: number;
  ingestWarmupEvents: number;
  ingestRuns: number;
  labelRuns: number;
  labelEvents: number;
  hostEntry: HostEntry;
  /** Where the embedded engine keeps its data (removed afterwards unless `keepData`). */
  embeddedDataDir: string;
  keepData?: boolean;
  /** The ClickHouse server's pid, for its RSS; absent (an external server): not reported. */
  clickhousePid?: number;
  database?: string;
}

const loadNow = () => loadavg().map((x) => round(x, 2));
/** Alternates which engine goes first, run by run: the machine is shared and drifts. */
const orderOf = (index: number): Engine[] => (index % 2 === 0 ? ["embedded", "server"] : ["server", "embedded"]);

/**
 * Issue 46's benchmark: embedded ClickHouse 26.x (chDB, in the serving process) against the
 * ClickHouse server on the same machine in one run, each in a serving process of its own that
 * runs serve's roles (engine-host.ts): collector ingest, the metrics route at 24 h and 90 d, the
 * label update after new events, and the serving process's peak RSS, every measure in
 * interleaved runs.
 */
export async function measureEngines(o: EnginesOptions): Promise<EnginesReport> {
  const database = o.database ?? "bench_engines";
  const keys = Object.entries(KEYS)
    .map(([tenant, key]) => `ingest:${tenant}:${key}`)
    .join(",");
  const common = {
    ...process.env,
    CLICKHOUSE_DATABASE: database,
    CLICKHOUSE_CLUSTER: "",
    KAFKA_BROKERS: "",
    ANSWERSCOPE_KEYS: keys,
    COLLECTOR_PORT: "0",
    API_PORT: "0",
  };
  const hosts: Partial<Record<Engine, EngineHost>> = {};
  try {
    hosts.embedded = forkEngineHost(o.hostEntry, {
      ...common,
      CLICKHOUSE_URL: "",
      ANSWERSCOPE_DATA_DIR: o.embeddedDataDir,
    });
    hosts.server = forkEngineHost(o.hostEntry, { ...common, CLICKHOUSE_URL: o.url });
    const host = (engine: Engine) => hosts[engine]!;
    const started = Date.now();
    const versions = Object.fromEntries(
      await Promise.all(ENGINES.map(async (e) => [e, (await host(e).call("describe")).version] as const)),
    );
    for (const e of ENGINES)
      if ((await host(e).call("describe")).engine !== e) throw new Error(`the ${e} host runs the other engine`);

    const window = dataWindowEndingAt(Date.now());
    const loads = {} as Record<Engine, LoadReport>;
    // One after the other: both loads use every core.
    for (const e of ["server", "embedded"] as const)
      loads[e] = await host(e).call("load", { responses: o.responses, window });
    const ports = {} as Record<Engine, number>;
    for (const e of ENGINES) ports[e] = (await host(e).call("serve", { roles: SERVE_ROLES })).collectorPort;
    // The peaks of the serving phases, not of the load.
    for (const e of ENGINES) await resetPeakRss(host(e).pid);
    if (o.clickhousePid) await resetPeakRss(o.clickhousePid);

    const runs: EngineRun[] = [];
    const cpu = new CpuTally((engine: Engine) => ({
      serving: host(engine).pid,
      clickhouse: engine === "server" ? o.clickhousePid : undefined,
    }));
    const interleaved = async (
      measure: string,
      count: number,
      each: (engine: Engine, index: number) => Promise<void>,
    ) => {
      for (let index = 0; index < count; index++) {
        const order = orderOf(index);
        runs.push({ measure, index, order, loadavg: loadNow() });
        for (const engine of order) await cpu.around(engine, measure, () => each(engine, index));
      }
    };

    // Ingest: a warm-up of another tenant (a new process's JIT and heap), then the measured runs.
    const warmup = demoMessages({ events: o.ingestWarmupEvents, seed: 7, tenants: [WARMUP_TENANT] });
    if (warmup.length) {
      progress(`engines: ingest warm-up, ${warmup.length.toLocaleString("en")} events each`);
      for (const e of ENGINES) await postToCollector(warmup, { ...POSTING, port: ports[e], key: KEYS[WARMUP_TENANT] });
    }
    const ingestRates: Record<Engine, number[]> = { embedded: [], server: [] };
    await interleaved("ingest", o.ingestRuns, async (engine, index) => {
      const messages = demoMessages({ events: o.ingestEvents, seed: 100 + index, tenants: [INGEST_TENANT] });
      const seconds = await postToCollector(messages, { ...POSTING, port: ports[engine], key: KEYS[INGEST_TENANT] });
      ingestRates[engine].push(Math.round(messages.length / seconds));
      progress(
        `  ingest run ${index + 1}/${o.ingestRuns}, ${engine}: ${ingestRates[engine].at(-1)!.toLocaleString("en")} events/s (load ${loadNow().join(" ")})`,
      );
    });
    const stored = await Promise.all(ENGINES.map((e) => host(e).call("storedResponses", { tenantId: INGEST_TENANT })));
    if (stored[0] !== stored[1] || !stored[0])
      throw new Error(
        `the engines stored different responses of the collector's events: ${ENGINES.map((e, i) => `${e} ${stored[i]}`).join(", ")}`,
      );

    // The metrics route, each range once per engine per run after one warm-up run.
    const metricsMs: Record<Engine, Record<string, number[]>> = { embedded: {}, server: {} };
    const metricsRows: Record<Engine, Record<string, number>> = { embedded: {}, server: {} };
    const timeMetrics = async (engine: Engine, range: MetricsRange) => {
      const { ms, rows } = await host(engine).call("metricsOnce", {
        tenantId: LARGEST_TENANT,
        range: range.name,
        toMs: window.endMs,
      });
      metricsRows[engine][range.name] = rows;
      return ms;
    };
    for (const e of ENGINES) for (const range of TIMED_RANGES) await timeMetrics(e, range);
    await interleaved("metrics", o.queryRuns, async (engine) => {
      for (const range of TIMED_RANGES) (metricsMs[engine][range.name] ??= []).push(await timeMetrics(engine, range));
    });
    for (const range of TIMED_RANGES) {
      progress(
        `  metrics ${range.name} p95: ${ENGINES.map((e) => `${e} ${timingOf(metricsMs[e][range.name]!).p95_ms} ms`).join(", ")}`,
      );
    }

    const labelUpdates: Record<Engine, LabelUpdateReport[]> = { embedded: [], server: [] };
    await interleaved("label update", o.labelRuns, async (engine) => {
      labelUpdates[engine].push(
        await host(engine).call("labelUpdate", { tenantId: LARGEST_TENANT, events: o.labelEvents }),
      );
    });

    const figures = async (engine: Engine): Promise<EngineFigures> => {
      const rates = ingestRates[engine];
      const updates = labelUpdates[engine];
      return {
        engine,
        clickhouse_version: versions[engine]!,
        load: loads[engine],
        ingest_events_per_s: rates,
        ingest_median_events_per_s: Math.round(median(rates)),
        metrics: Object.fromEntries(
          TIMED_RANGES.map((range) => [
            range.name,
            { ...timingOf(metricsMs[engine][range.name]!), rows: metricsRows[engine][range.name]! },
          ]),
        ),
        label_update: { ...timingOf(updates.map((u) => u.p50_ms)), candidates: updates.flatMap((u) => u.candidates) },
        serving_process: await processMemory(host(engine).pid),
        ...(engine === "server" && o.clickhousePid ? { clickhouse_server: await processMemory(o.clickhousePid) } : {}),
        slowest_queries: await host(engine)
          .call("slowQueries", { sinceMs: started })
          .then((r) => ("queries" in r ? r.queries : r)),
        cpu: cpu.of(engine),
      };
    };
    const embedded = await figures("embedded");
    const server = await figures("server");
    for (const f of [embedded, server]) {
      const slow = f.slowest_queries;
      progress(
        `  ${f.engine}: peak RSS ${f.serving_process.peak_rss_mb} MB; system.query_log ${Array.isArray(slow) ? `gave ${slow.length} slowest queries` : `cannot be read: ${slow.unavailable}`}`,
      );
    }
    const ratios = {
      ingest: ratio(embedded.ingest_median_events_per_s, server.ingest_median_events_per_s),
      metrics_p95: Object.fromEntries(
        TIMED_RANGES.map((range) => [
          range.name,
          ratio(embedded.metrics[range.name]!.p95_ms, server.metrics[range.name]!.p95_ms),
        ]),
      ),
      label_update_p50: ratio(embedded.label_update.p50_ms, server.label_update.p50_ms),
    };
    return {
      responses: loads.embedded.counts.responses,
      tenantId: LARGEST_TENANT,
      serve_roles: SERVE_ROLES,
      ingest: {
        events: o.ingestEvents,
        warmup_events: o.ingestWarmupEvents,
        per_request: POSTING.perRequest,
        concurrency: POSTING.concurrency,
        runs: o.ingestRuns,
      },
      query_runs: o.queryRuns,
      label_update_events: o.labelEvents,
      runs,
      embedded,
      server,
      ratios,
      goals: ENGINE_GOALS,
      goals_met: goalsMet(embedded, server, ratios),
    };
  } finally {
    await Promise.all(Object.values(hosts).map((h) => h.stop()));
    if (!o.keepData) await rm(o.embeddedDataDir, { recursive: true, force: true });
  }
}
