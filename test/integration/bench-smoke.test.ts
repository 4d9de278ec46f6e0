import {
  createBenchWarehouse,
  demoMessages,
  measureSdkOverhead,
  distinctFactRows,
  dropBenchDatabase,
  evaluateFirstPass,
  measureEngines,
  factBatchesOf,
  lastSecondOfPreviousMonthMs,
  measureFloor,
  measureFreshness,
  measureLabelUpdate,
  measurePlainInsertLimit,
  measureSinkLimit,
  measureSourceLimit,
  measureWorkers,
  produceAll,
  rowsAsStored,
  runScaleSection,
  scaleCountsFor,
  servicePid,
  sharedCoreLimit,
  storedFactRowsInParts,
} from "@answerscope/bench";
import { migrate, queryMetrics, queryRows, sqlValue, type Warehouse } from "@answerscope/warehouse";
import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_DLQ_TOPIC, DEFAULT_TOPICS } from "@answerscope/contracts";
import { Kafka, logLevel } from "kafkajs";
import { afterAll, describe, expect, it, inject } from "vitest";
import { hasExternalClickHouse, hasExternalKafka, startKafka, stopKafka } from "@answerscope/test-kit";

/**
 * The benchmark (npm run bench, bench/) at a tiny scale, so its SQL and harness cannot rot
 * between the runs that measure: every figure it prints must be a positive time or rate, and
 * the generated data must be exactly what was asked for. The worker's correctness is covered
 * by kafka-ingest.test.ts; here one worker process runs only so the ingest section's CPU
 * accounting (worker, ClickHouse, broker per event, the CPU-bound ceiling) is exercised.
 */
describe("benchmark smoke run", () => {
  const url = inject("clickhouseUrl");
  const databases: Warehouse[] = [];
  const open = (prefix: string) => {
    const w = createBenchWarehouse(url, `${prefix}_${randomBytes(4).toString("hex")}`);
    databases.push(w);
    return w;
  };
  afterAll(async () => {
    for (const w of databases) await dropBenchDatabase(w);
  });

  it("generates the large data set's shape at small scale and times every query route", async () => {
    const w = open("bench_smoke");
    const { report } = await runScaleSection(w, 800, 1);
    const expected = scaleCountsFor(800);
    const count = async (table: string) =>
      Number((await queryRows<{ n: number }>(w, `SELECT count() AS n FROM ${w.table(table)}`))[0]?.n);
    expect(report.load.counts).toEqual(expected);
    expect(await count("responses")).toBe(expected.responses);
    expect(await count("tool_call_events")).toBe(expected.toolCallEvents);
    expect(await count("feedback_events")).toBe(expected.feedbackEvents);
    // Tool calls and feedback refer to generated responses of the same tenant.
    const orphans = await queryRows<{ n: number }>(
      w,
      `SELECT count() AS n FROM ${w.table("tool_call_events")} WHERE (tenant_id, response_id) NOT IN (SELECT tenant_id, response_id FROM ${w.table("responses")})`,
    );
    expect(Number(orphans[0]?.n)).toBe(0);
    // The view saw every response: its signed count equals the table's.
    const viewed = await queryRows<{ n: number }>(w, `SELECT sumMerge(responses) AS n FROM ${w.table("metrics_5m")}`);
    expect(Number(viewed[0]?.n)).toBe(expected.responses);
    // The hour-and-day rows are filled after the load, not by their views: every dimension's rows,
    // hour and day, count every response, and a day's rows per model are what the facts say.
    const perDimension = await queryRows<{ dimension: string; n: number }>(
      w,
      `SELECT dimension, sumMerge(responses) AS n FROM ${w.table("metrics_1h_by_dimension")} GROUP BY dimension ORDER BY dimension`,
    );
    expect(perDimension).toHaveLength(24);
    for (const { dimension, n } of perDimension) expect(Number(n), dimension).toBe(expected.responses);
    const dayModels = (from: string) =>
      queryRows<{ tenant_id: string; day: string; model: string; n: number }>(
        w,
        `${from} GROUP BY tenant_id, day, model ORDER BY tenant_id, day, model`,
      );
    const fromRollup = await dayModels(
      `SELECT tenant_id, toString(bucket) AS day, value AS model, toUInt64(sumMerge(responses)) AS n FROM ${w.table("metrics_1h_by_dimension")} WHERE dimension = 'day:model'`,
    );
    expect(fromRollup.length).toBeGreaterThan(10);
    expect(fromRollup).toEqual(
      await dayModels(
        `SELECT tenant_id, toString(toStartOfDay(occurred_at)) AS day, model, count() AS n FROM ${w.table("responses")} WHERE became_current = 1`,
      ),
    );
    for (const timing of [...report.queries.routes, ...report.queries.raw]) {
      expect(timing.p50_ms, timing.name).toBeGreaterThan(0);
      expect(timing.rows, timing.name).toBeGreaterThan(0);
    }
    // The duplicate checks of a write of new events keep every one of its events, and leave the data set as it was.
    const checks = report.duplicateChecks!;
    expect(checks.distinctRows).toBeGreaterThan(4_000);
    expect(checks.rowsToInsert).toBe(checks.distinctRows);
    // What each fact table's lookups read, from system.query_log: one statement per check (the warm-up's too).
    const reads = new Map(checks.reads!.map((r) => [r.table, r]));
    for (const table of ["responses", "tool_call_events", "feedback_events"]) {
      expect(reads.get(table)?.statements, table).toBe(checks.runs + 1);
      expect(reads.get(table)!.read_rows, table).toBeGreaterThan(0);
    }
    expect(await count("responses")).toBe(expected.responses);

    const first = await evaluateFirstPass(w, 120);
    expect(first.skipped).toEqual([]);
    expect(first.tenants.reduce((sum, t) => sum + t.written, 0)).toBe(expected.responses);
    const update = await measureLabelUpdate(w, first.tenants[0]!.tenantId, 1, { events: 200 });
    expect(update.p50_ms).toBeGreaterThan(0);
    expect(update.candidates[0]).toBeGreaterThan(0);
    // At a month's end: the new events land in the previous month, and are evaluated there too.
    const monthEndMs = lastSecondOfPreviousMonthMs(Date.now());
    const inMonthsLastHalfHour = async () =>
      Number(
        (
          await queryRows<{ n: number }>(
            w,
            `SELECT count() AS n FROM ${w.table("responses")} WHERE occurred_at_ms BETWEEN ${monthEndMs - 30 * 60_000} AND ${monthEndMs}`,
          )
        )[0]?.n,
      );
    const before = await inMonthsLastHalfHour();
    const monthEnd = await measureLabelUpdate(w, first.tenants[0]!.tenantId, 1, { events: 200, endMs: monthEndMs });
    expect(monthEnd.candidates[0]).toBeGreaterThan(0);
    expect(await inMonthsLastHalfHour()).toBeGreaterThan(before);
    // The views were attached again after the load: the label updates' new responses reached the day rows.
    const totals = await queryRows<{ rollup: number; facts: number }>(
      w,
      `SELECT (SELECT sumMerge(responses) FROM ${w.table("metrics_1h_by_dimension")} WHERE dimension = 'day:') AS rollup, (SELECT uniqExact(tenant_id, response_id) FROM ${w.table("responses")}) AS facts`,
    );
    expect(Number(totals[0]?.facts)).toBeGreaterThan(expected.responses);
    expect(Number(totals[0]?.rollup)).toBe(Number(totals[0]?.facts));
  });

  it("measures embedded ClickHouse 26.x against the server in interleaved runs, each in a serving process of its own", async () => {
    const w = open("bench_smoke_engines");
    const embeddedDataDir = join(await mkdtemp(join(tmpdir(), "bench-smoke-engines-")), "data");
    const clickhousePid = await servicePid("clickhouse", "test");
    const report = await measureEngines({
      url,
      database: w.target.database,
      responses: 800,
      queryRuns: 3,
      ingestEvents: 600,
      ingestWarmupEvents: 200,
      ingestRuns: 2,
      labelRuns: 2,
      labelEvents: 200,
      hostEntry: {
        modulePath: fileURLToPath(new URL("../../bench/src/engines/host-main.ts", import.meta.url)),
        args: [],
        execArgv: ["--import", "tsx"],
      },
      embeddedDataDir,
      clickhousePid,
    });
    expect(Number(report.embedded.clickhouse_version.split(".")[0])).toBeGreaterThanOrEqual(26);
    expect(report.server.clickhouse_version).not.toBe(report.embedded.clickhouse_version);
    // The collector stored every response it acknowledged: on the server, exactly those of the measured runs' events.
    const sent = new Set(
      [0, 1]
        .flatMap((run) => demoMessages({ events: 600, seed: 100 + run, tenants: ["bench_ingest"] }))
        .filter((m) => m.kind === "response_completed")
        .map((m) => (JSON.parse(m.value) as { response_id: string }).response_id),
    );
    const stored = await queryRows<{ n: number }>(
      w,
      `SELECT uniqExact(response_id) AS n FROM ${w.table("responses")} WHERE tenant_id = 'bench_ingest'`,
    );
    expect(Number(stored[0]?.n)).toBe(sent.size);
    for (const engine of ["embedded", "server"] as const) {
      const figures = report[engine];
      expect(figures.load.counts.responses, engine).toBe(800);
      expect(figures.ingest_events_per_s, engine).toHaveLength(2);
      for (const rate of figures.ingest_events_per_s) expect(rate, engine).toBeGreaterThan(0);
      for (const range of ["24h", "90d"]) {
        expect(figures.metrics[range]!.runs, `${engine} ${range}`).toBe(3);
        expect(figures.metrics[range]!.p95_ms, `${engine} ${range}`).toBeGreaterThan(0);
        // The same data set: both engines' routes answer as many rows.
        expect(figures.metrics[range]!.rows, `${engine} ${range}`).toBe(report.server.metrics[range]!.rows);
      }
      expect(figures.metrics["90d"]!.rows).toBeGreaterThan(0);
      expect(figures.label_update.runs, engine).toBe(2);
      for (const candidates of figures.label_update.candidates) expect(candidates, engine).toBeGreaterThan(0);
      expect(figures.serving_process.peak_rss_mb, engine).toBeGreaterThanOrEqual(figures.serving_process.rss_mb);
      expect(figures.serving_process.rss_mb, engine).toBeGreaterThan(0);
      // Where the time goes: the serving process's CPU over each measure's runs, its main thread a part of it.
      expect(Object.keys(figures.cpu).sort(), engine).toEqual(["ingest", "label update", "metrics"]);
      for (const c of Object.values(figures.cpu)) {
        expect(c.serving_process_s, engine).toBeGreaterThan(0);
        expect(c.main_thread_s, engine).toBeLessThanOrEqual(c.serving_process_s);
        expect(c.wall_s, engine).toBeGreaterThan(0);
      }
    }
    // The ClickHouse server's CPU is charged to the server engine's runs only.
    expect(report.embedded.cpu.ingest!.clickhouse_server_s).toBeUndefined();
    if (clickhousePid) expect(report.server.cpu.ingest!.clickhouse_server_s).toBeGreaterThan(0);
    // The embedded engine's memory is the serving process's own: more than a node process with an HTTP client.
    expect(report.embedded.serving_process.peak_rss_mb).toBeGreaterThan(report.server.serving_process.peak_rss_mb);
    if (clickhousePid) expect(report.server.clickhouse_server!.peak_rss_mb).toBeGreaterThan(0);
    else expect(report.server.clickhouse_server).toBeUndefined();
    // Interleaved: each measure's runs alternate which engine goes first, with the load average beside them.
    for (const measure of ["ingest", "metrics", "label update"]) {
      const firsts = report.runs.filter((run) => run.measure === measure).map((run) => run.order[0]);
      expect(firsts.slice(0, 2), measure).toEqual(["embedded", "server"]);
    }
    for (const run of report.runs) expect(run.loadavg).toHaveLength(3);
    expect(report.ratios.ingest).toBeGreaterThan(0);
    expect(Object.keys(report.goals_met).sort()).toEqual([
      "ingest_ratio",
      "metrics_24h_p95_embedded",
      "metrics_24h_p95_server",
      "metrics_24h_ratio",
      "metrics_90d_p95_embedded",
      "metrics_90d_p95_server",
      "metrics_90d_ratio",
    ]);
    // system.query_log: read on the server; chDB keeps none, and the report says so.
    expect(Array.isArray(report.server.slowest_queries) && report.server.slowest_queries.length).toBeGreaterThan(0);
    expect(report.embedded.slowest_queries).toEqual({
      unavailable: expect.stringMatching(/^no system\.query_log on this embedded engine/),
    });
  });

  it("measures the SDK's CPU per event against the collector, every event acknowledged and stored", async () => {
    // measureSdkOverhead fails unless the collector acknowledged and stored every event sent.
    // 1,200 events a run: three batches of the client's default size, the last one partial.
    const report = await measureSdkOverhead(url, {
      events: 1200,
      runs: 2,
      warmupEvents: 100,
      database: `bench_smoke_sdk_${randomBytes(4).toString("hex")}`,
    });
    expect(report.runs.map((run) => run.events)).toEqual([1200, 1200]);
    for (const run of report.runs) {
      expect(run.call_cpu_us_per_event).toBeGreaterThan(0);
      // The process's CPU over the run covers the calls and the sending after them, and is per event (not the process's lifetime).
      expect(run.cpu_us_per_event).toBeGreaterThan(run.call_cpu_us_per_event);
      expect(run.cpu_us_per_event).toBeLessThan(5_000);
      expect(run.delivered_events_per_s).toBeGreaterThan(0);
    }
    expect(report.goal_met).toBe(report.cpu_us_per_event < report.goal_us_per_event);
  });

  it("measures the sink limit on demo events and stores every one", async () => {
    const w = open("bench_smoke_sink");
    await migrate(w);
    const messages = demoMessages({ events: 600, seed: 3, tenants: ["smoke"] });
    const run = await measureSinkLimit(w, factBatchesOf(messages, 250), messages.length);
    expect(run.rate).toBeGreaterThan(0);
    expect(run.storedRows).toBe(messages.length);
  });

  it("accounts the CPU of a worker process, ClickHouse and the broker per event, and the CPU-bound ceiling, after a warm-up every path handles first", async () => {
    const brokerName = `bench-smoke-${randomBytes(3).toString("hex")}`;
    const { brokers } = await startKafka({ name: brokerName, partitions: 4 });
    try {
      const messages = demoMessages({ events: 3000, seed: 5, tenants: ["smoke_cpu"] });
      // The warm-up: other tenants' events, produced first; every path handles (and stores) them before its window.
      const warmup = demoMessages({ events: 600, seed: 6, tenants: ["smoke_cpu_warmup"] });
      const allEvents = warmup.length + messages.length;
      await produceAll([brokers], [...warmup, ...messages]);
      const warmupRows = distinctFactRows(factBatchesOf(warmup, 1000));
      const sinkDb = open("bench_smoke_cpu_sink");
      await migrate(sinkDb);
      const { storedRows } = await measureSinkLimit(
        sinkDb,
        factBatchesOf(messages, 1000),
        messages.length,
        undefined,
        factBatchesOf(warmup, 1000),
      );
      // Both stored: the warm-up's rows and the measured ones.
      expect(warmupRows).toBeGreaterThan(0);
      expect(storedRows).toBe(warmupRows + distinctFactRows(factBatchesOf(messages, 1000)));
      const db = open("bench_smoke_cpu");
      await migrate(db);
      const clickhouse = await servicePid("clickhouse", "test");
      const broker = await servicePid("kafka", brokerName);
      const run = await measureWorkers(db, {
        url,
        brokers,
        groupId: `${brokerName}-group`,
        workers: 1,
        expectedRows: storedRows,
        warmupRows,
        eventsPerRow: messages.length / (storedRows - warmupRows),
        servicePids: { clickhouse: clickhouse ? [clickhouse] : [], broker: broker ? [broker] : [] },
        // Small writes, so the 10 %-90 % window spans several of them.
        workerEnv: { INGEST_BATCH_MAX_ROWS: "100" },
      });
      // One member, no rebalance: every row handed to a write exactly once.
      expect(run.rowsHandledPerStored).toBe(1);
      // Its window follows the warm-up: the first count in it is past the warm-up's rows and a tenth of the measured ones.
      expect(run.window.from?.count).toBeGreaterThanOrEqual(warmupRows + 0.1 * (storedRows - warmupRows));
      expect(run.window.to?.count).toBeGreaterThanOrEqual(warmupRows + 0.9 * (storedRows - warmupRows));
      // The run is polled through the rows of the active parts: count()'s figure, also once a merge has left inactive parts behind.
      expect(await storedFactRowsInParts(db)).toBe(storedRows);
      await db.client.command({ query: `OPTIMIZE TABLE ${db.table("tool_call_events")} FINAL` });
      const partStates = async () =>
        (
          await queryRows<{ active: number }>(
            db,
            `SELECT DISTINCT active FROM system.parts WHERE database = ${sqlValue(db.target.database)} AND table = 'tool_call_events' ORDER BY active`,
          )
        ).map((row) => Number(row.active));
      expect(await partStates(), "parts merged away (0) beside active ones (1)").toEqual([0, 1]);
      expect(await storedFactRowsInParts(db)).toBe(storedRows);
      const cpu = run.cpu!;
      expect(cpu, "a CPU account of the window").toBeDefined();
      expect(cpu.worker_cpu_s_per_1k).toBeGreaterThan(0);
      if (!hasExternalClickHouse()) expect(cpu.clickhouse_cpu_s_per_1k).toBeGreaterThan(0);
      // The mock broker (C) uses about 1 ms of CPU per 1,000 events, below the 10 ms tick of
      // /proc/<pid>/stat over a window this short: it is measured, and may round to zero.
      if (!hasExternalKafka()) expect(cpu.broker_cpu_s_per_1k).toBeGreaterThanOrEqual(0);
      expect(cpu.total_cpu_s_per_1k).toBeCloseTo(
        cpu.worker_cpu_s_per_1k + cpu.clickhouse_cpu_s_per_1k + cpu.broker_cpu_s_per_1k,
        2,
      );
      expect(cpu.ceiling_events_per_s).toBeGreaterThan(0);
      expect(cpu.events_per_s).toBeGreaterThan(0);
      expect(cpu.ingest_vs_ceiling).toBeGreaterThan(0);
      // The main thread is one of the process's threads.
      expect(cpu.worker_main_thread_cpu_s_per_1k).toBeGreaterThan(0);
      expect(cpu.worker_main_thread_cpu_s_per_1k).toBeLessThanOrEqual(cpu.worker_cpu_s_per_1k);
      expect(cpu.worker_ceiling_events_per_s).toBeGreaterThan(0);
      expect(cpu.ingest_vs_worker_ceiling).toBeGreaterThan(0);
      expect(cpu.machine_busy_share).toBeGreaterThan(0);

      // The limits' own accounts, and the shared-core limit from them.
      const pids = { clickhouse: clickhouse ? [clickhouse] : [], broker: broker ? [broker] : [] };
      const source = await measureSourceLimit([brokers], `${brokerName}-source`, allEvents, {
        warmup: warmup.length,
        servicePids: pids,
      });
      expect(source.rate).toBeGreaterThan(0);
      const afterWarmup = (share: number) => warmup.length + share * messages.length;
      expect(source.window.from?.count, "the source's window follows the warm-up").toBeGreaterThanOrEqual(
        afterWarmup(0.1),
      );
      expect(source.window.to?.count).toBeGreaterThanOrEqual(afterWarmup(0.9));
      expect(source.cpu, "a CPU account of the source's window").toBeDefined();
      // It commits as the worker does, outside its fetch loop: by the time it returns, every message read is committed.
      expect(await committedMessages(brokers, `${brokerName}-source`)).toBe(allEvents);
      const scratch = open("bench_smoke_cpu_scratch");
      await migrate(scratch);
      const warmupPipeline = factBatchesOf(warmup, 1000);
      const measuredPipeline = factBatchesOf(messages, 1000);
      const pipeline = [...warmupPipeline, ...measuredPipeline];
      const stored = await rowsAsStored(scratch, pipeline);
      const warmupStored = stored.slice(0, warmupPipeline.length);
      const measuredStored = stored.slice(warmupPipeline.length);
      const plainDb = open("bench_smoke_cpu_plain");
      await migrate(plainDb);
      const plain = await measurePlainInsertLimit(plainDb, measuredStored, messages.length, pids, warmupStored);
      expect(plain.storedRows).toBe(storedRows);
      // The plain inserts store the rows the worker's checks make: every tool-call row with the same
      // marks the worker's own sink stored, not the pipeline's unmarked rows. (These demo events
      // supersede no response, so the responses' prev_* columns would not tell the two apart.)
      const markColumns =
        "event_id, becomes_first, prev_first_at_ms, state_changed, state_first_at_ms, state_status, state_duration_ms, prev_state_first_at_ms, prev_state_status, prev_state_duration_ms";
      const marks = async (db: Warehouse) =>
        (
          await queryRows<{ changed: string; checksum: string }>(
            db,
            `SELECT sum(state_changed) AS changed, toString(sum(cityHash64(${markColumns}))) AS checksum FROM ${db.table("tool_call_events")}`,
          )
        )[0]!;
      const sinkMarks = await marks(sinkDb);
      expect(Number(sinkMarks.changed)).toBeGreaterThan(0);
      expect(await marks(plainDb)).toEqual(sinkMarks);
      // The floor stores the same rows, as many per write as its buffer's batch holds, and commits what it wrote.
      const floorDb = open("bench_smoke_cpu_floor");
      await migrate(floorDb);
      const floor = await measureFloor(
        floorDb,
        { stored, pipeline },
        {
          brokers: [brokers],
          groupId: `${brokerName}-floor`,
          expected: allEvents,
          warmup: warmup.length,
          servicePids: pids,
          batchRows: 100,
        },
      );
      expect(floor.storedRows).toBe(storedRows);
      expect(await marks(floorDb)).toEqual(sinkMarks);
      expect(await committedMessages(brokers, `${brokerName}-floor`)).toBe(allEvents);
      expect(floor.rate).toBeGreaterThan(0);
      expect(floor.window.from?.count, "the floor's window follows the warm-up").toBeGreaterThanOrEqual(
        afterWarmup(0.1),
      );
      expect(floor.cpu, "a CPU account of the floor's window").toBeDefined();
      // Parsing JSON only, it still stores what the worker stores.
      const jsonFloorDb = open("bench_smoke_cpu_json_floor");
      await migrate(jsonFloorDb);
      const jsonFloor = await measureFloor(
        jsonFloorDb,
        { stored, pipeline },
        {
          brokers: [brokers],
          groupId: `${brokerName}-json-floor`,
          expected: allEvents,
          warmup: warmup.length,
          batchRows: 100,
          floor: "json",
        },
      );
      expect(jsonFloor.storedRows).toBe(storedRows);
      expect(jsonFloor.window.from?.count).toBeGreaterThanOrEqual(afterWarmup(0.1));
      expect(await marks(jsonFloorDb)).toEqual(sinkMarks);
      // With the worker's checks it inserts the pipeline's rows less what they find: the same rows, the same
      // marks. Its pipeline rows are fresh ones: rowsAsStored marked `pipeline`'s rows in place.
      const unchecked = [...factBatchesOf(warmup, 1000), ...factBatchesOf(messages, 1000)];
      const checkedDb = open("bench_smoke_cpu_checked_floor");
      await migrate(checkedDb);
      const checked = await measureFloor(
        checkedDb,
        { stored, pipeline: unchecked },
        {
          brokers: [brokers],
          groupId: `${brokerName}-checked-floor`,
          expected: allEvents,
          warmup: warmup.length,
          batchRows: 100,
          floor: "json_checked",
        },
      );
      expect(checked.storedRows).toBe(storedRows);
      expect(checked.window.from?.count).toBeGreaterThanOrEqual(afterWarmup(0.1));
      expect(await marks(checkedDb)).toEqual(sinkMarks);
      // Three inserts through every materialized view cost ClickHouse well over one 10 ms tick.
      if (!hasExternalClickHouse()) expect(plain.cpu!.clickhouse_cpu_s_per_1k).toBeGreaterThan(0);
      const shared = sharedCoreLimit(source.cpu!, plain.cpu!, 2, { source: source.rate, sink: plain.rate });
      if (!hasExternalClickHouse()) {
        expect(shared.events_per_s).toBeGreaterThan(0);
        expect(shared.vs_min_limit).toBeGreaterThan(0);
      }
    } finally {
      await stopKafka(brokerName, { wipe: true });
    }
  });

  it("measures freshness: every tick of produced events becomes countable in the metrics route", async () => {
    const brokerName = `bench-smoke-fresh-${randomBytes(3).toString("hex")}`;
    const { brokers } = await startKafka({ name: brokerName, partitions: 4 });
    try {
      const w = open("bench_smoke_fresh");
      // 2 s at 50 events/s: ten 200 ms ticks of 10 events.
      const report = await measureFreshness({
        url,
        brokers,
        eventsPerSecond: 50,
        seconds: 2,
        database: w.target.database,
      });
      expect(report.probes, "ticks seen counted by the route").toBe(10);
      expect(report.failed_probes).toBe(0);
      // A tick is counted only after it was sent and then queried: each delay is positive, and ordered.
      expect(report.queryable_p50_ms).toBeGreaterThan(0);
      expect(report.p50_ms).toBeGreaterThan(report.queryable_p50_ms);
      expect(report.p95_ms).toBeGreaterThanOrEqual(report.p50_ms);
      expect(report.max_ms).toBeGreaterThanOrEqual(report.p95_ms);
      expect(report.route_p50_ms).toBeGreaterThan(0);
      // What the route counts now is every response the worker stored, once.
      const stored = Number(
        (
          await queryRows<{ n: number }>(
            w,
            `SELECT uniqExact(response_id) AS n FROM ${w.table("responses")} WHERE tenant_id = ${sqlValue("fresh")}`,
          )
        )[0]?.n,
      );
      expect(stored).toBeGreaterThan(0);
      const now = Date.now();
      const routed = await queryMetrics(w, {
        tenantId: "fresh",
        from: new Date(now - 3 * 3_600_000).toISOString(),
        to: new Date(now + 3_600_000).toISOString(),
      });
      expect(routed.rows.reduce((sum, row) => sum + row.response_count, 0)).toBe(stored);
    } finally {
      await stopKafka(brokerName, { wipe: true });
    }
  });
});

/** The sum of a consumer group's committed offsets over the event and dead-letter topics (all start at 0). */
async function committedMessages(brokers: string, groupId: string): Promise<number> {
  const admin = new Kafka({
    clientId: "bench-smoke-admin",
    brokers: brokers.split(","),
    logLevel: logLevel.WARN,
  }).admin();
  await admin.connect();
  try {
    const topics = await admin.fetchOffsets({ groupId, topics: [...Object.values(DEFAULT_TOPICS), DEFAULT_DLQ_TOPIC] });
    return topics.flatMap((t) => t.partitions).reduce((sum, p) => sum + Math.max(0, Number(p.offset)), 0);
  } finally {
    await admin.disconnect();
  }
}
