import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startClickHouse, startKafka, stopClickHouse, stopKafka } from "@answerscope/test-kit";
import { createBenchWarehouse } from "./bench-warehouse";
import { buildServices } from "../../scripts/build-services";
import { parseBenchOptions } from "./cli-options";
import { measureExporter } from "./exporter/exporter-section";
import { measureFreshness } from "./freshness/freshness";
import { servicePid, servicesDataRoot } from "./ingest/cpu-accounting";
import { measureEngines } from "./engines/engines-section";
import { runEngineHost } from "./engines/engine-host";
import { measureSdkOverhead } from "./sdk/sdk-overhead";
import { measureOtlpIngest } from "./otlp/otlp-section";
import { measureViewTimes } from "./views/views-section";
import { ENGINE_HOST_FLAG } from "./engines/host-api";
import { measureIngest } from "./ingest/ingest-section";
import { describeMachine } from "./machine";
import { evaluateFirstPass } from "./outcomes/first-evaluation";
import { lastSecondOfPreviousMonthMs, measureLabelUpdate } from "./outcomes/label-update";
import { progress } from "./progress";
import type { BenchResults } from "./report/results";
import { carryOver, readResults } from "./report/carry-over";
import { slowestQueries } from "./report/slow-queries";
import { writeResults } from "./report/write-results";
import { loadedDataSet, withLoadTimesOf } from "./scale/loaded-data-set";
import { loadScaleLabels, scaleCountsFor } from "./scale/load-scale-data";
import { LARGEST_TENANT, runScaleSection } from "./scale/scale-section";

// The engines section's serving processes run this same entry (engines/engine-host.ts).
if (process.argv[2] === ENGINE_HOST_FLAG) {
  await runEngineHost();
  process.exit(0);
}

// npm run bench: starts its own ClickHouse and mock broker (both named "bench"), runs the
// sections in priority order, writes bench/bench-results.json and bench/results.md after
// each one, and stops what it started.
const options = parseBenchOptions(process.argv.slice(2));
const outDir = options.outDir || fileURLToPath(new URL("..", import.meta.url));
const previous = await readResults(outDir);
if (options.render) {
  if (!previous) throw new Error(`--render: no bench-results.json in ${outDir}`);
  await writeResults(outDir, previous);
  progress(`re-rendered ${join(outDir, "results.md")} from bench-results.json`);
  process.exit(0);
}
const SERVICE = "bench";
// Three times the stack's default partition count: the mock keeps only ~5 MB per partition (about
// 97,000 demo events of ~450 B over 4 partitions), and the ingest section's 80,000 measured events
// follow 80,000 warm-up ones. Produced in batches of 250 per partition (PRODUCE_BATCH), the
// partitions' batches, which the mock hands out one per fetch, hold about 80 messages as with 4
// partitions and the demo's 1,000.
const KAFKA_PARTITIONS = 12;
const PRODUCE_BATCH = 250 * KAFKA_PARTITIONS;

const wants = (section: (typeof options.sections)[number]) => options.sections.includes(section);
let kafkaStarted = false;
// The worker and exporter processes run from their bundles, as deployed.
if (
  options.sections.some((s) => s === "ingest" || s === "freshness" || s === "exporter" || s === "sdk" || s === "otlp")
)
  await buildServices(progress);
const { url } = await startClickHouse(SERVICE);
progress(`ClickHouse ${url}`);
const w = createBenchWarehouse(url, "bench_scale");
const results: BenchResults = carryOver(
  previous,
  { machine: await describeMachine(w), options: { ...options, outDir: undefined }, slowest_queries: {}, errors: {} },
  options.sections,
);

async function section(name: string, work: () => Promise<void>): Promise<void> {
  progress(`== ${name}`);
  try {
    await work();
  } catch (error) {
    results.errors[name] = error instanceof Error ? `${error.message}\n${error.stack ?? ""}` : String(error);
    progress(`${name} FAILED: ${String(error)}`);
  }
  await writeResults(outDir, results);
}

try {
  if (wants("queries")) {
    await section("queries", async () => {
      const started = Date.now();
      // A reused data set keeps the load times of the run that loaded it, when bench-results.json is that run's.
      const reuse = options.reuseData
        ? withLoadTimesOf(
            await loadedDataSet(w, options.responses),
            previous && {
              scale: previous.scale,
              measuredAt: (previous.section_machines?.queries ?? previous.machine).measured_at,
            },
          )
        : undefined;
      results.scale = (await runScaleSection(w, options.responses, options.queryRuns, reuse)).report;
      results.slowest_queries.queries = await slowestQueries(w, started);
    });
  }
  if (wants("outcomes")) {
    await section("outcomes", async () => {
      const started = Date.now();
      // The data set's window, for restoring label rows below: this run's load, or the reused
      // data set's own (bench-results.json's is an earlier load's, whose window may differ).
      const loaded = results.scale?.window && {
        startMs: Date.parse(results.scale.window.start),
        endMs: Date.parse(results.scale.window.end),
      };
      const window = wants("queries")
        ? loaded
        : options.reuseData
          ? (await loadedDataSet(w, options.responses)).window
          : undefined;
      results.first_evaluation = await evaluateFirstPass(w, options.outcomesBudgetS);
      // The label update needs a tenant whose first pass ran: the largest one that did.
      const evaluated = [...results.first_evaluation.tenants].sort((a, b) => b.responses - a.responses)[0];
      if (!evaluated) throw new Error("no tenant finished its first outcome evaluation within the budget");
      if (evaluated.tenantId !== LARGEST_TENANT)
        progress(`  label update on ${evaluated.tenantId}, the largest tenant evaluated`);
      results.label_update = await measureLabelUpdate(w, evaluated.tenantId, 3);
      // The same at a month's end: the new events close the previous month, whose partition is full.
      results.label_update_month_end = await measureLabelUpdate(w, evaluated.tenantId, 3, {
        endMs: lastSecondOfPreviousMonthMs(Date.now()),
      });
      // The first pass emptied the label tables: the tenants it left out get their generated label
      // rows back (an evaluated row is newer and stays), so later sections read a full data set.
      if (window) {
        progress("outcomes: restoring the generated label rows of the tenants not evaluated");
        await loadScaleLabels(w, scaleCountsFor(options.responses).responses, window);
      } else {
        progress(
          "outcomes: no queries section or --reuse-data to take the data set's window from; the tenants not evaluated keep no labels",
        );
      }
      results.slowest_queries.outcomes = await slowestQueries(w, started);
    });
  }
  if (wants("ingest")) {
    await section("ingest", async () => {
      const { brokers } = await startKafka({ name: SERVICE, partitions: KAFKA_PARTITIONS });
      kafkaStarted = true;
      const pids = await Promise.all([servicePid("clickhouse", SERVICE), servicePid("kafka", SERVICE)]);
      const servicePids = pids.every((pid) => pid !== undefined)
        ? { clickhouse: [pids[0]!], broker: [pids[1]!] }
        : undefined;
      if (!servicePids) progress("ingest: ClickHouse or broker pid unknown (external services?): no CPU accounting");
      results.ingest = await measureIngest({
        url,
        brokers,
        events: options.ingestEvents,
        warmupEvents: options.ingestWarmupEvents,
        produceBatch: PRODUCE_BATCH,
        runs: options.ingestRuns,
        servicePids,
      });
    });
  }
  if (wants("freshness")) {
    await section("freshness", async () => {
      const { brokers } = await startKafka({ name: SERVICE, partitions: KAFKA_PARTITIONS });
      kafkaStarted = true;
      // Half the maximum rate: the one-worker ingest rate of this run when measured.
      const max = results.ingest?.one_worker_events_per_s;
      if (!max)
        throw new Error("freshness needs the ingest section's one-worker rate (run it with --only ingest,freshness)");
      results.freshness = await measureFreshness({
        url,
        brokers,
        eventsPerSecond: Math.max(1, Math.round(max / 2)),
        seconds: 30,
      });
    });
  }
  if (wants("exporter")) {
    await section("exporter", async () => {
      const started = Date.now();
      results.exporter = await measureExporter(w, url);
      results.slowest_queries.exporter = await slowestQueries(w, started);
    });
  }
  if (wants("engines")) {
    await section("engines", async () => {
      results.engines = await measureEngines({
        url,
        responses: options.responses,
        queryRuns: options.queryRuns,
        ingestEvents: options.ingestEvents,
        ingestWarmupEvents: options.ingestWarmupEvents,
        ingestRuns: options.ingestRuns,
        labelRuns: 3,
        labelEvents: 10_000,
        // This entry again, with the node flags it runs with: the bundle, or src/main.ts under tsx.
        hostEntry: { modulePath: process.argv[1]!, args: [ENGINE_HOST_FLAG], execArgv: process.execArgv },
        embeddedDataDir: join(servicesDataRoot(), `bench-engines`),
        keepData: options.keepServices,
        clickhousePid: await servicePid("clickhouse", SERVICE),
      });
    });
  }
  if (wants("sdk")) {
    await section("sdk", async () => {
      results.sdk = await measureSdkOverhead(url);
    });
  }
  if (wants("otlp")) {
    await section("otlp", async () => {
      results.otlp = await measureOtlpIngest(url, { runs: options.ingestRuns });
    });
  }
  if (wants("views")) {
    await section("views", async () => {
      // The data set's end: this run's load, or the reused data set's own (a carried-over scale section's is an earlier load's).
      const endMs =
        wants("queries") && results.scale?.window
          ? Date.parse(results.scale.window.end)
          : (await loadedDataSet(w, options.responses)).window.endMs;
      // No slowest queries: the API process does not log its queries (the bench client's log_queries); the
      // section names the API route each view waits on instead.
      results.views = await measureViewTimes(w, url, { tenant: LARGEST_TENANT, endMs, runs: options.queryRuns });
    });
  }
} finally {
  await w.close();
  if (!options.keepServices) {
    if (kafkaStarted) await stopKafka(SERVICE, { wipe: true });
    await stopClickHouse(SERVICE, { wipe: true });
  }
}
progress(`wrote ${join(outDir, "bench-results.json")} and results.md`);
process.stdout.write(`${JSON.stringify({ errors: Object.keys(results.errors) })}\n`);
