import { createWarehouse, migrate, type Warehouse } from "@answerscope/warehouse";
import type { Kafka } from "kafkajs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEventMix } from "../src/event-mix";
import {
  startIngestProcess,
  type IngestProcess,
  kafkaFor,
  produceMix,
  metricValue,
  startKafka,
  stopKafka,
  waitFor,
} from "@answerscope/test-kit";
import { clickHouseOutage, type ClickHouseOutage } from "../src/clickhouse-outage";
import { dedupedCounts } from "../src/warehouse";

const metric = (worker: IngestProcess, name: string) => metricValue(worker.port, name);

describe("ClickHouse outage during ingest", () => {
  let warehouse: Warehouse;
  let kafka: Kafka;
  let brokers: string;
  let clickhouse: ClickHouseOutage;
  let worker: IngestProcess | undefined;

  beforeAll(async () => {
    clickhouse = await clickHouseOutage("it-outage");
    warehouse = createWarehouse({ url: clickhouse.url, database: "answerscope_outage" });
    await warehouse.client.command({ query: "DROP DATABASE IF EXISTS answerscope_outage" });
    await migrate(warehouse);
    ({ brokers } = await startKafka({ name: "it-outage", partitions: 4 }));
    kafka = kafkaFor(brokers);
  });

  afterAll(async () => {
    await worker?.stop("SIGKILL");
    await stopKafka("it-outage", { wipe: true });
    await warehouse.close();
    await clickhouse.close();
  });

  it("pauses and retries while ClickHouse is down, commits nothing, and resumes by itself", async () => {
    const mix = buildEventMix({ tenantId: "t-outage", sessions: 300, runId: "outage", malformedEvery: 0 });
    const half = Math.floor(mix.messages.length / 2);
    worker = await startIngestProcess({
      CLICKHOUSE_URL: clickhouse.url,
      CLICKHOUSE_DATABASE: "answerscope_outage",
      KAFKA_BROKERS: brokers,
      RUN_COLLECTOR: "off",
      INGEST_RETRY_MIN_MS: "100",
      INGEST_RETRY_MAX_MS: "1000",
    });
    await produceMix(kafka, mix.messages.slice(0, half));
    await waitFor(
      () => dedupedCounts(warehouse, "t-outage"),
      (c) => c.responses > 0,
      { what: "first rows" },
    );

    await clickhouse.stop();
    await produceMix(kafka, mix.messages.slice(half));
    await waitFor(
      () => metric(worker!, "answerscope_ingest_insert_retries_total"),
      (retries) => retries >= 2,
      { what: "the worker to retry" },
    );
    expect(await metric(worker, "answerscope_ingest_warehouse_up")).toBe(0);
    expect(worker.child.exitCode).toBeNull();

    await clickhouse.start();
    const counts = await waitFor(
      () => dedupedCounts(warehouse, "t-outage"),
      (c) =>
        c.responses === mix.expected.responses &&
        c.toolCalls === mix.expected.toolCalls &&
        c.feedback === mix.expected.feedback,
      { timeoutMs: 120_000, what: "all events after the outage" },
    );
    expect(counts).toEqual({ ...mix.expected, rejected: 0 });
    // The gauge follows the write's answer, which can come after its rows are visible (an attempt
    // whose answer was lost sets it to 0, and the next one, finding them stored, back to 1).
    await waitFor(
      () => metric(worker!, "answerscope_ingest_warehouse_up"),
      (up) => up === 1,
      { timeoutMs: 30_000, what: "warehouse_up to return to 1" },
    );
    // SIGTERM after recovery: a clean exit.
    expect(await worker.stop("SIGTERM")).toBe(0);
    worker = undefined;
  });

  it("exits 0 on SIGTERM while ClickHouse is down, committing nothing it did not write", async () => {
    const mix = buildEventMix({ tenantId: "t-sigterm", sessions: 200, runId: "sigterm", malformedEvery: 0 });
    const env = {
      CLICKHOUSE_URL: clickhouse.url,
      CLICKHOUSE_DATABASE: "answerscope_outage",
      KAFKA_BROKERS: brokers,
      RUN_COLLECTOR: "off",
      INGEST_RETRY_MIN_MS: "100",
      INGEST_RETRY_MAX_MS: "500",
      SHUTDOWN_GRACE_MS: "1000",
      MIGRATE_ON_START: "false",
    };
    worker = await startIngestProcess(env);
    await clickhouse.stop();
    await produceMix(kafka, mix.messages);
    await waitFor(
      () => metric(worker!, "answerscope_ingest_insert_retries_total"),
      (retries) => retries >= 1,
      { what: "the worker to retry" },
    );
    expect(await worker.stop("SIGTERM")).toBe(0);

    await clickhouse.start();
    expect((await dedupedCounts(warehouse, "t-sigterm")).responses).toBe(0);
    worker = await startIngestProcess(env);
    const counts = await waitFor(
      () => dedupedCounts(warehouse, "t-sigterm"),
      (c) =>
        c.responses === mix.expected.responses &&
        c.toolCalls === mix.expected.toolCalls &&
        c.feedback === mix.expected.feedback,
      { timeoutMs: 120_000, what: "the uncommitted events to be read again" },
    );
    expect(counts).toEqual({ ...mix.expected, rejected: 0 });
  });
});
