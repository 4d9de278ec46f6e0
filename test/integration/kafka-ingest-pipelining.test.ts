import { createIngestMetrics, FactBuffer, IngestWorker } from "@answerscope/ingest";
import { writeFacts, type FactBatch, type Warehouse } from "@answerscope/warehouse";
import type { Kafka } from "kafkajs";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildEventMix } from "../src/event-mix";
import { kafkaFor, produceMix, TOPICS, topicSize, startKafka, stopKafka, waitFor } from "@answerscope/test-kit";
import { createTestWarehouse, dedupedCounts, dropTestWarehouse, rawCounts } from "../src/warehouse";

/**
 * The worker's fetching is decoupled from its warehouse writes (IngestWorker with a
 * FactBuffer, in this process so a test can hold a write): the real broker and ClickHouse,
 * with the first write held until the test releases it.
 */
describe("ingest worker while a warehouse write is slow", () => {
  let warehouse: Warehouse;
  let brokers: string;
  let brokerName: string;
  let kafka: Kafka;
  let worker: IngestWorker | undefined;
  let buffer: FactBuffer | undefined;

  beforeAll(async () => {
    ({ warehouse } = await createTestWarehouse("as_pipelining"));
  });
  beforeEach(async (context) => {
    brokerName = `it-pipe-${context.task.id}`;
    ({ brokers } = await startKafka({ name: brokerName, partitions: 4 }));
    kafka = kafkaFor(brokers);
  });
  afterEach(async () => {
    buffer?.abort();
    await worker?.stop();
    worker = undefined;
    await stopKafka(brokerName, { wipe: true });
  });
  afterAll(async () => {
    await dropTestWarehouse(warehouse);
  });

  /** A worker whose first warehouse write waits for `release()`; later writes go straight through. */
  async function startHeldWorker(groupId: string) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let writes = 0;
    const metrics = createIngestMetrics();
    buffer = new FactBuffer({
      write: async (batch: FactBatch) => {
        if (writes++ === 0) await released;
        await writeFacts(warehouse, batch);
      },
      maxRows: 500,
      maxWaitMs: 50,
      maxHeldRows: 100_000,
      retry: { minDelayMs: 50, maxDelayMs: 200 },
    });
    worker = new IngestWorker({
      kafka,
      groupId,
      eventTopics: [TOPICS.response_completed, TOPICS.tool_call, TOPICS.feedback_submitted],
      dlqTopic: TOPICS.dlq,
      buffer,
      metrics,
      partitionsConcurrently: 4,
      maxWaitTimeInMs: 100,
      minBytes: 1,
      maxBytesPerPartition: 1024 * 1024,
      sessionTimeoutMs: 6000,
      heartbeatIntervalMs: 1000,
      assignmentDelayMs: 0,
      retry: { minDelayMs: 50, maxDelayMs: 200 },
    });
    await worker.start();
    const consumed = async (source?: string) =>
      (await metrics.consumed.get()).values
        .filter((v) => source === undefined || v.labels.source === source)
        .reduce((sum, v) => sum + v.value, 0);
    return { release, writeStarted: () => writes > 0, consumed };
  }

  /** The group's committed offset per topic/partition ("-1": none). */
  async function committed(groupId: string, topic: string): Promise<Record<number, string>> {
    const admin = kafka.admin();
    await admin.connect();
    try {
      const [entry] = await admin.fetchOffsets({ groupId, topics: [topic] });
      return Object.fromEntries((entry?.partitions ?? []).map((p) => [p.partition, p.offset]));
    } finally {
      await admin.disconnect();
    }
  }

  async function highWatermarks(topic: string): Promise<Record<number, string>> {
    const admin = kafka.admin();
    await admin.connect();
    try {
      return Object.fromEntries((await admin.fetchTopicOffsets(topic)).map((p) => [p.partition, p.high]));
    } finally {
      await admin.disconnect();
    }
  }

  it("keeps fetching while its first write is held, commits nothing unwritten, then stores everything once", async () => {
    const mix = buildEventMix({ tenantId: "t-held", sessions: 200, runId: "held", malformedEvery: 0 });
    const half = Math.floor(mix.messages.length / 2);
    const held = await startHeldWorker("group-held");
    await produceMix(kafka, mix.messages.slice(0, half));
    await waitFor(async () => held.writeStarted(), Boolean, { what: "the first write to start" });

    // The second half arrives while the first write is held: the worker still reads all of it.
    await produceMix(kafka, mix.messages.slice(half));
    await waitFor(
      () => held.consumed(),
      (n) => n === mix.messages.length,
      { what: "every message to be read while the first write is held" },
    );
    expect(await rawCounts(warehouse)).toEqual({ responses: 0, toolCalls: 0, feedback: 0, rejected: 0 });
    for (const topic of [TOPICS.response_completed, TOPICS.tool_call, TOPICS.feedback_submitted]) {
      expect(Object.values(await committed("group-held", topic)), topic).toEqual(["-1", "-1", "-1", "-1"]);
    }

    held.release();
    const counts = await waitFor(
      () => dedupedCounts(warehouse, "t-held"),
      (c) =>
        c.responses === mix.expected.responses &&
        c.toolCalls === mix.expected.toolCalls &&
        c.feedback === mix.expected.feedback,
      {
        what: "every event stored",
      },
    );
    expect(counts).toEqual({ ...mix.expected, rejected: 0 });
    expect(await rawCounts(warehouse)).toEqual({ ...mix.expected, rejected: 0 });
    // Everything written is committed, up to the end of every partition.
    for (const topic of [TOPICS.response_completed, TOPICS.tool_call, TOPICS.feedback_submitted]) {
      const high = await highWatermarks(topic);
      await waitFor(
        () => committed("group-held", topic),
        (c) => JSON.stringify(c) === JSON.stringify(high),
        { what: `${topic} committed to its end` },
      );
    }
  });

  it("does not commit a later batch that finished first past an earlier one still being written", async () => {
    const valid = buildEventMix({ tenantId: "t-order", sessions: 1, runId: "order", malformedEvery: 0 }).messages.find(
      (m) => m.kind === "response_completed",
    )!;
    const held = await startHeldWorker("group-order");
    const producer = kafka.producer();
    await producer.connect();
    try {
      await producer.send({
        topic: TOPICS.response_completed,
        acks: -1,
        messages: [{ partition: 0, value: valid.value }],
      });
      await waitFor(async () => held.writeStarted(), Boolean, { what: "the valid event's write to start" });
      // The next batch of the same partition holds only a dead letter: durable as soon as it is sent.
      await producer.send({
        topic: TOPICS.response_completed,
        acks: -1,
        messages: [{ partition: 0, value: "{not json" }],
      });
    } finally {
      await producer.disconnect();
    }
    await waitFor(
      () => topicSize(kafka, TOPICS.dlq),
      (n) => n === 1,
      { what: "the dead letter to be sent" },
    );
    // Read back from the dead-letter topic: the later batch finished at least one fetch ago.
    await waitFor(
      () => held.consumed(TOPICS.dlq),
      (n) => n === 1,
      { what: "the dead letter to be read back" },
    );
    expect((await committed("group-order", TOPICS.response_completed))[0]).toBe("-1");

    held.release();
    await waitFor(
      () => committed("group-order", TOPICS.response_completed),
      (c) => c[0] === "2",
      { what: "both batches committed" },
    );
    expect(await dedupedCounts(warehouse, "t-order")).toMatchObject({ responses: 1 });
  });
});
