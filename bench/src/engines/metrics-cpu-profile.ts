// Profile: CPU and rows read per statement of the metrics route (24 h, 90 d), 18.16 server vs embedded 26.x, and 26.x per setting.
/**
 * Why the embedded engine's metrics route is slower than the server's (bench/PERFORMANCE.md,
 * engines part): both engines hold the same generated data set (the bench's own loader), the
 * route's statements are taken from the product's queryMetrics as it sends them, and each is run
 * `runs` times, one at a time, on each engine and on the embedded engine once per setting
 * variant below, the runs interleaved. Per statement and run:
 * - server: ClickHouse's own CPU of the query (system.query_log ProfileEvents, user + system),
 *   its rows, bytes and marks read;
 * - embedded: this process's CPU over the statement (process.cpuUsage, every thread: the engine
 *   runs in it; the JavaScript that sends one statement and reads its few hundred rows is a small
 *   part, its main thread's share is printed), and the rows and bytes chDB reports (chDB keeps no
 *   query_log: it starts without a server config, and a `--config-file` naming one did not add it).
 *
 * Run: `ANSWERSCOPE_DATA_DIR=<dir> node --import tsx bench/src/engines/metrics-cpu-profile.ts
 * [responses=200000] [runs=10]`; a data set of that size already loaded on both engines is reused.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  embeddedWarehouseDir,
  migrate,
  queryMetrics,
  queryRows,
  sqlValue,
  type Warehouse,
} from "@answerscope/warehouse";
import type { ClickHouseSettings } from "@clickhouse/client";
import { startClickHouse } from "@answerscope/test-kit";
import { createBenchWarehouse, createBenchWarehouseOf } from "../bench-warehouse";
import { processCpuSeconds, servicesDataRoot } from "../ingest/cpu-accounting";
import { waitForMerges } from "../merges";
import { progress } from "../progress";
import { dataWindowEndingAt, type DataWindow } from "../scale/data-shape";
import { loadedDataSet } from "../scale/loaded-data-set";
import { loadScaleData, scaleCountsFor } from "../scale/load-scale-data";
import { RANGES } from "../scale/query-speed";
import { LARGEST_TENANT } from "../scale/scale-section";
import { median, round } from "../stats";

const DATABASE = "bench_engine_profile";
const [responses = 200_000, runs = 10] = process.argv.slice(2).map(Number);

/**
 * Settings tried on the embedded engine, each against its baseline: what 26.x does that 18.16
 * did not (the analyzer, the query condition cache, expression compilation, the threadpool read
 * method, lazy materialization, parallel reading) or does differently (threads on 2 cores).
 */
const VARIANTS: Record<string, ClickHouseSettings> = {
  baseline: {},
  "enable_analyzer=0": { enable_analyzer: 0 },
  "max_threads=1": { max_threads: 1 },
  "compile_expressions=0": { compile_expressions: 0, compile_aggregate_expressions: 0 },
  "use_query_condition_cache=0": { use_query_condition_cache: 0 },
  "local_filesystem_read_method=pread": { local_filesystem_read_method: "pread" },
  "use_uncompressed_cache=1": { use_uncompressed_cache: 1 },
  "optimize_read_in_order=0": { optimize_read_in_order: 0, optimize_aggregation_in_order: 0 },
  "enable_multiple_prewhere_read_steps=0": { enable_multiple_prewhere_read_steps: 0 },
};
// Tried in the first profile and dropped, no different from the baseline (bench/PERFORMANCE.md):
// query_plan_optimize_lazy_materialization=0, max_streams_for_merge_tree_reading=1, use_skip_indexes=0.

interface Statement {
  range: string;
  index: number;
  query: string;
  settings: ClickHouseSettings;
}
interface Sample {
  cpuMs: number;
  /** Embedded: of cpuMs, the main thread's (/proc, in 10 ms ticks). */
  mainMs?: number;
  rows: number;
  bytes: number;
  marks?: number;
}

/** The product's warehouse, recording every read it sends (text and settings) into `into`. */
function recording(w: Warehouse, into: Omit<Statement, "range" | "index">[]): Warehouse {
  const client = new Proxy(w.client, {
    get(target, property, receiver) {
      if (property === "query")
        return (params: Parameters<Warehouse["client"]["query"]>[0]) => {
          into.push({ query: params.query, settings: params.clickhouse_settings ?? {} });
          return target.query(params);
        };
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { ...w, client };
}

/** The generated data set of `responses` on `w`, loaded unless it is there already; its window. */
async function dataSet(w: Warehouse, window: DataWindow): Promise<DataWindow> {
  const loaded = await loadedDataSet(w, responses).catch(() => undefined);
  if (loaded) return loaded.window;
  await w.client.command({ query: `DROP DATABASE IF EXISTS ${w.target.database}` });
  await migrate(w);
  progress(`${w.engine}: loading ${responses.toLocaleString("en")} responses`);
  await loadScaleData(w, scaleCountsFor(responses), window);
  await waitForMerges(w);
  return window;
}

/** Runs one statement to its last byte (exec, whose summary carries rows and bytes read on both engines). */
async function execute(w: Warehouse, statement: Statement, settings: ClickHouseSettings, queryId?: string) {
  const result = await w.client.exec({
    query: `${statement.query}\nFORMAT JSONEachRow`,
    clickhouse_settings: { ...statement.settings, ...settings },
    ...(queryId ? { query_id: queryId } : {}),
  });
  for await (const _chunk of result.stream) void _chunk;
  return { rows: Number(result.summary?.read_rows ?? NaN), bytes: Number(result.summary?.read_bytes ?? NaN) };
}

const mainThreadCpuMs = async () =>
  processCpuSeconds(await readFile(`/proc/${process.pid}/task/${process.pid}/stat`, "utf8")) * 1000;

/**
 * CPU ms per wall-clock second this process spends with no statement running: the embedded
 * engine's background threads on the data set's tables (a server's are in no query's account).
 */
async function idleCpuMsPerS(): Promise<number> {
  const [cpu, started] = [process.cpuUsage(), performance.now()];
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / (performance.now() - started);
}

async function embeddedSample(
  w: Warehouse,
  statement: Statement,
  settings: ClickHouseSettings,
  idleMsPerS: number,
): Promise<Sample> {
  const [cpu, main, started] = [process.cpuUsage(), await mainThreadCpuMs(), performance.now()];
  const read = await execute(w, statement, settings);
  const used = process.cpuUsage(cpu);
  const idle = (idleMsPerS * (performance.now() - started)) / 1000;
  return { cpuMs: (used.user + used.system) / 1000 - idle, mainMs: (await mainThreadCpuMs()) - main, ...read };
}

/** The server's own account of the queries `ids` (18.16's query_log: ProfileEvents as two arrays). */
async function serverSamples(w: Warehouse, ids: string[]): Promise<Map<string, Sample>> {
  await w.client.command({ query: "SYSTEM FLUSH LOGS" });
  const event = (name: string) => `ProfileEvents.Values[indexOf(ProfileEvents.Names, ${sqlValue(name)})]`;
  const rows = await queryRows<{
    id: string;
    user: number;
    system: number;
    rows: number;
    bytes: number;
    marks: number;
  }>(
    w,
    `SELECT query_id AS id, ${event("UserTimeMicroseconds")} AS user, ${event("SystemTimeMicroseconds")} AS system,
       read_rows AS rows, read_bytes AS bytes, ${event("SelectedMarks")} AS marks
     FROM system.query_log WHERE type = 2 AND query_id IN (${ids.map((id) => sqlValue(id)).join(", ")})`,
  );
  return new Map(
    rows.map((r) => [
      r.id,
      { cpuMs: (Number(r.user) + Number(r.system)) / 1000, rows: +r.rows, bytes: +r.bytes, marks: +r.marks },
    ]),
  );
}

const { url } = await startClickHouse();
const server = createBenchWarehouse(url, DATABASE);
const embedded = createBenchWarehouseOf({
  dataDir: embeddedWarehouseDir(join(servicesDataRoot(), "engine-profile")),
  database: DATABASE,
});
const window = dataWindowEndingAt(Date.now());
const windows = { server: await dataSet(server, window), embedded: await dataSet(embedded, window) };
if (windows.server.endMs !== windows.embedded.endMs)
  throw new Error("the two engines hold data sets of different windows: delete one");

// The route's statements, as the API sends them (by model, per hour over 24 h and per day over 90 d).
const statements: Statement[] = [];
for (const range of RANGES.filter((r) => r.name === "24h" || r.name === "90d")) {
  const sent: Omit<Statement, "range" | "index">[] = [];
  const iso = (ms: number) => new Date(ms).toISOString();
  const to = windows.server.endMs;
  await queryMetrics(recording(server, sent), {
    tenantId: LARGEST_TENANT,
    from: iso(to - range.ms),
    to: iso(to),
    groupBy: ["model"],
    bucket: range.bucket,
  });
  sent.forEach((s, index) => statements.push({ ...s, range: range.name, index }));
}
// Probes of where a statement's CPU goes: a statement's fixed cost (a one-row read of the same
// table), and the largest statement without its latency histogram (sumMapMerge over states of
// hundreds of buckets), whose difference is the histogram's share.
const largest = statements.find((s) => s.range === "90d" && s.query.includes("sumMapMerge"))!;
// The 90 d route's day rows and edge hours (the same columns) as one statement: what one statement fewer saves.
const edges = statements.find((s) => s.range === "90d" && s !== largest && s.query.includes("sumMapMerge"))!;
statements.push(
  { range: "probe", index: 0, settings: {}, query: `SELECT 1 AS one` },
  { range: "probe", index: 1, settings: {}, query: largest.query.replace(/, sumMapMerge\(\w+\) AS histogram/, "") },
  { range: "probe", index: 2, settings: {}, query: largest.query.replace(/(sumMerge\(\w+\) AS \w+, )+/, "") },
  // The same histogram from each state's finished (keys, counts) and sumMap: another SQL shape both engines accept.
  {
    range: "probe",
    index: 3,
    settings: {},
    query: largest.query.replace(
      /sumMapMerge\((\w+)\) AS histogram/,
      "sumMap(tupleElement(finalizeAggregation($1), 1), tupleElement(finalizeAggregation($1), 2)) AS histogram",
    ),
  },
  { range: "probe", index: 4, settings: {}, query: `${largest.query}\nUNION ALL\n${edges.query}` },
);
const versions = await Promise.all([server, embedded].map((w) => queryRows<{ v: string }>(w, "SELECT version() AS v")));
progress(`${statements.length} statements; server ${versions[0]![0]!.v}, embedded ${versions[1]![0]!.v}; ${runs} runs`);

// Warm both (caches, first-query setup), then interleave: run r, every statement, server then every variant.
for (const s of statements) await Promise.all([execute(server, s, {}), execute(embedded, s, {})]);
const idle = await idleCpuMsPerS();
progress(`embedded engine idle: ${round(idle, 2)} CPU ms per s (subtracted from each statement's CPU)`);
const serverIds: string[][] = statements.map(() => []);
const embeddedSamples = new Map<string, Sample[][]>(Object.keys(VARIANTS).map((v) => [v, statements.map(() => [])]));
for (let run = 0; run < runs; run++) {
  for (const [i, s] of statements.entries()) {
    const id = `engine-profile-${process.pid}-${run}-${i}`;
    await execute(server, s, {}, id);
    serverIds[i]!.push(id);
    // Each run starts at another variant: the first after the server's statement ran measurably slower.
    const names = Object.keys(VARIANTS);
    for (const name of names.map((_, k) => names[(k + run) % names.length]!))
      embeddedSamples.get(name)![i]!.push(await embeddedSample(embedded, s, VARIANTS[name]!, idle));
  }
  progress(`run ${run + 1}/${runs}`);
}
const logged = await serverSamples(server, serverIds.flat());

const med = (samples: Sample[], field: keyof Sample) => round(median(samples.map((s) => s[field] ?? NaN)), 1);
const label = (s: Statement) => `${s.range} #${s.index} ${s.query.replace(/\s+/g, " ").slice(0, 60)}`;
console.log(
  `\n| statement | engine | CPU ms p50 | main thread ms mean | rows read p50 | bytes read p50 | marks |\n| --- | --- | ---: | ---: | ---: | ---: | ---: |`,
);
for (const [i, s] of statements.entries()) {
  const serverRuns = serverIds[i]!.map((id) => logged.get(id)).filter((x): x is Sample => !!x);
  const rows = [
    ["18.16 server", serverRuns] as const,
    ...[...embeddedSamples].map(([v, runsOf]) => [`26.x ${v}`, runsOf[i]!] as const),
  ];
  for (const [engine, samples] of rows)
    console.log(
      `| ${label(s)} | ${engine} | ${med(samples, "cpuMs")} | ${samples[0]?.mainMs === undefined ? "–" : round(samples.reduce((a, x) => a + x.mainMs!, 0) / samples.length)} | ${med(samples, "rows")} | ${med(samples, "bytes")} | ${samples[0]?.marks ?? "–"} |`,
    );
}
console.log(`\n| engine | CPU ms per route, 24h | 90d | ÷ server 24h | 90d |\n| --- | ---: | ---: | ---: | ---: |`);
const routeCpu = (perStatement: (i: number) => Sample[], range: string) =>
  statements.reduce((sum, s, i) => (s.range === range ? sum + median(perStatement(i).map((x) => x.cpuMs)) : sum), 0);
const serverOf = (i: number) => serverIds[i]!.map((id) => logged.get(id)!).filter(Boolean);
const base = { "24h": routeCpu(serverOf, "24h"), "90d": routeCpu(serverOf, "90d") };
console.log(`| 18.16 server | ${round(base["24h"])} | ${round(base["90d"])} | 1 | 1 |`);
for (const [v, runsOf] of embeddedSamples) {
  const cpu = { "24h": routeCpu((i) => runsOf[i]!, "24h"), "90d": routeCpu((i) => runsOf[i]!, "90d") };
  console.log(
    `| 26.x ${v} | ${round(cpu["24h"])} | ${round(cpu["90d"])} | ${round(cpu["24h"] / base["24h"], 2)} | ${round(cpu["90d"] / base["90d"], 2)} |`,
  );
}
console.log(
  "\nstatements:\n" +
    statements.map((s) => `-- ${s.range} #${s.index} ${JSON.stringify(s.settings)}\n${s.query}`).join("\n\n"),
);
await Promise.all([server.close(), embedded.close()]);
