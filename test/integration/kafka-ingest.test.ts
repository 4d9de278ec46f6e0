import type { Warehouse } from "@answerscope/warehouse";
import { queryRows } from "@answerscope/warehouse";
import type { Kafka } from "kafkajs";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ingestWorkerEnv, rowsInserted, unfinishedRepairs, viewResponseCount } from "../src/ingest-workers";
import { buildEventMix } from "../src/event-mix";
import {
  startIngestProcess,
  type IngestProcess,
  kafkaFor,
  produceMix,
  readDeadLetters,
  startKafka,
  stopKafka,
  waitFor,
} from "@answerscope/test-kit";
import { createTestWarehouse, dedupedCounts, dropTestWarehouse, rawCounts } from "../src/warehouse";

/**
 * Produce → mock Kafka broker → real ingest worker process → real ClickHouse.
 * Each test uses its own tenant, so the counts of one never include another's.
 */
describe("ingest through Kafka", () => {
  let warehouse: Warehouse;
  let database: string;
  let url: string;
  let brokers: string;
  let kafka: Kafka;
  let brokerName: string;
  const workers: IngestProcess[] = [];

  const workerEnv = (groupId = "answerscope-ingest") => ingestWorkerEnv({ url, database, brokers, groupId });

  const startWorker = async (groupId?: string) => {
    const worker = await startIngestProcess(workerEnv(groupId));
    workers.push(worker);
    return worker;
  };

  const waitForCounts = (
    tenantId: string,
    expected: { responses: number; toolCalls: number; feedback: number; rejected: number },
    timeoutMs = 120_000,
  ) =>
    waitFor(
      () => dedupedCounts(warehouse, tenantId),
      (counts) => JSON.stringify(counts) === JSON.stringify(expected),
      { timeoutMs, what: `counts ${JSON.stringify(expected)}` },
    );

  beforeAll(async () => {
    ({ warehouse, database, url } = await createTestWarehouse("as_kafka"));
  });

  // A fresh broker per test: a new group would otherwise re-read every earlier test's messages.
  beforeEach(async (context) => {
    brokerName = `it-kafka-${context.task.id}`;
    ({ brokers } = await startKafka({ name: brokerName, partitions: 4 }));
    kafka = kafkaFor(brokers);
  });

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop("SIGTERM")));
    await stopKafka(brokerName, { wipe: true });
  });

  afterAll(async () => {
    await dropTestWarehouse(warehouse);
  });

  it("stores a known mix exactly once and dead-letters exactly the malformed messages", async () => {
    const mix = buildEventMix({ tenantId: "t-e2e", sessions: 400, runId: "e2e" });
    expect(mix.messages.length).toBeGreaterThan(3000);
    const worker = await startWorker("group-e2e");
    await produceMix(kafka, mix.messages);

    const counts = await waitForCounts("t-e2e", { ...mix.expected, rejected: mix.malformed.length });
    expect(counts).toEqual({ responses: 1200, toolCalls: 2400, feedback: 800, rejected: mix.malformed.length });

    // The pre-insert check kept re-deliveries out of the tables entirely, not just out of deduped reads.
    const raw = await rawCounts(warehouse);
    expect(raw).toEqual({ responses: 1200, toolCalls: 2400, feedback: 800, rejected: mix.malformed.length });

    const reasons = await queryRows<{ reason: string; n: number }>(
      warehouse,
      `SELECT reason, count() AS n FROM ${warehouse.table("rejected_events")} FINAL WHERE tenant_id = 't-e2e' GROUP BY reason ORDER BY reason`,
    );
    const expectedReasons = new Map<string, number>();
    for (const { reason } of mix.malformed) expectedReasons.set(reason, (expectedReasons.get(reason) ?? 0) + 1);
    expect(Object.fromEntries(reasons.map((row) => [row.reason, Number(row.n)]))).toEqual(
      Object.fromEntries(expectedReasons),
    );

    // Rejected events whose tenant could not be read (broken JSON) are kept under tenant ''.
    const dlq = await readDeadLetters(kafka);
    expect(dlq).toHaveLength(mix.malformed.length);
    expect(new Set(dlq.map((record) => record.key)).size).toBe(mix.malformed.length);
    expect(dlq.map((record) => record.reason).sort()).toEqual(mix.malformed.map((m) => m.reason).sort());

    // Secrets in error messages never reach storage.
    const leaked = await queryRows<{ n: number }>(
      warehouse,
      `SELECT count() AS n FROM ${warehouse.table("tool_call_events")} WHERE position(error_message, 'abc.def.ghi') > 0`,
    );
    expect(Number(leaked[0]?.n)).toBe(0);
    await worker.stop("SIGTERM");
  });

  it("loses and double counts nothing when a worker is killed with -9 mid-run and restarted", async () => {
    const mix = buildEventMix({ tenantId: "t-kill", sessions: 600, runId: "kill", malformedEvery: 0 });
    const worker = await startWorker("group-kill");
    const producing = produceMix(kafka, mix.messages, 200);
    // Kill once part of the stream is stored, so some batches are written but not yet committed.
    await waitFor(
      () => dedupedCounts(warehouse, "t-kill"),
      (counts) => counts.responses >= 200,
      { what: "a partly ingested stream" },
    );
    expect(await worker.stop("SIGKILL")).toBeNull();
    await producing;
    const partial = await dedupedCounts(warehouse, "t-kill");
    expect(partial.responses).toBeLessThan(mix.expected.responses);

    await startWorker("group-kill");
    const counts = await waitForCounts("t-kill", { ...mix.expected, rejected: 0 });
    expect(counts).toEqual({ responses: 1800, toolCalls: 3600, feedback: 1200, rejected: 0 });
    // The killed worker's last write was announced and never cancelled: it is repaired, and the view counts each response once.
    await waitFor(
      () => unfinishedRepairs(warehouse),
      (left) => left.openWrites === 0 && left.pendingRepairs === 0,
      { timeoutMs: 60_000, what: "no write left open and no view repair left pending" },
    );
    expect(await viewResponseCount(warehouse, "t-kill")).toBe(1800);
  });

  it("shares partitions between two workers of one group, one joining mid-run, with exact counts", async () => {
    const mix = buildEventMix({ tenantId: "t-two", sessions: 600, runId: "two", malformedEvery: 0 });
    const half = Math.floor(mix.messages.length / 2);
    const first = await startWorker("group-two");
    await produceMix(kafka, mix.messages.slice(0, half), 200);
    const second = await startWorker("group-two").catch((error) => {
      throw new Error(`${error}\nfirst worker said:\n${first.output().slice(-3000)}`);
    });
    await produceMix(kafka, mix.messages.slice(half), 200);
    const counts = await waitForCounts("t-two", { ...mix.expected, rejected: 0 });
    expect(counts).toEqual({ responses: 1800, toolCalls: 3600, feedback: 1200, rejected: 0 });
    // Both members did work: each one's own metrics show inserted rows.
    expect(await rowsInserted(second), second.output()).toBeGreaterThan(0);
    expect(await rowsInserted(first), first.output()).toBeGreaterThan(0);
    expect(await first.stop("SIGTERM")).toBe(0);
    expect(await second.stop("SIGTERM")).toBe(0);
    expect(second.output()).toMatch(/joined group group-two/);
  });
});
