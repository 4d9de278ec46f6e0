import type { Warehouse } from "@answerscope/warehouse";
import type { Kafka } from "kafkajs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startIngestProcess,
  type IngestProcess,
  kafkaFor,
  readDeadLetters,
  topicSize,
  TOPICS,
  metricValue,
  startKafka,
  stopKafka,
  waitFor,
} from "@answerscope/test-kit";
import { ingestWorkerEnv } from "../src/ingest-workers";
import { recordAgentTurn } from "../src/otlp-agent-turn";
import { exportSpans, recordingTracer } from "../src/otlp-export";
import { createTestWarehouse, dedupedCounts, dropTestWarehouse, rawCounts } from "../src/warehouse";

const INGEST_KEY = "otlp-kafka-ingest-key-0001";
const TENANT = "otlp-kafka";

/**
 * With KAFKA_BROKERS set, the events mapped from spans go the way JSON events go: the collector
 * produces them to their topics (rejections to the dead-letter topic) and the worker stores them,
 * each once, however often the export is sent.
 */
describe("OTLP spans through Kafka", () => {
  let warehouse: Warehouse;
  let kafka: Kafka;
  let ingest: IngestProcess;
  const brokerName = "it-otlp-kafka";

  beforeAll(async () => {
    const created = await createTestWarehouse("as_otlp_kafka");
    warehouse = created.warehouse;
    const { brokers } = await startKafka({ name: brokerName, partitions: 2 });
    kafka = kafkaFor(brokers);
    ingest = await startIngestProcess({
      ...ingestWorkerEnv({ url: created.url, database: created.database, brokers, groupId: "otlp-kafka" }),
      RUN_COLLECTOR: "on",
      ANSWERSCOPE_KEYS: `ingest:${TENANT}:${INGEST_KEY}`,
    });
  });

  afterAll(async () => {
    await ingest?.stop("SIGTERM");
    await stopKafka(brokerName, { wipe: true });
    if (warehouse) await dropTestWarehouse(warehouse);
  });

  it("produces mapped events to the event topics and a rejected one to the DLQ; the worker stores each once", async () => {
    const recording = recordingTracer();
    recordAgentTurn(recording.tracer, "conv-kafka");
    // A turn without a user: a rejected event, dead-lettered like a JSON event missing user_id.
    recording.tracer
      .startSpan("chat m", {
        attributes: {
          "gen_ai.operation.name": "chat",
          "gen_ai.conversation.id": "conv-kafka-anon",
          "gen_ai.request.model": "m",
          "gen_ai.provider.name": "p",
          "gen_ai.usage.input_tokens": 1,
          "gen_ai.usage.output_tokens": 1,
          "gen_ai.response.finish_reasons": ["stop"],
          "answerscope.response_length": 3,
        },
      })
      .end();
    const url = `http://127.0.0.1:${ingest.port}/v1/traces`;
    expect(await exportSpans("protobuf+gzip", url, INGEST_KEY, recording.spans())).toEqual({ code: 0 });

    // 200 came once the events were on the broker.
    expect(await topicSize(kafka, TOPICS.response_completed)).toBe(1);
    expect(await topicSize(kafka, TOPICS.tool_call)).toBe(4);
    const deadLetters = await readDeadLetters(kafka);
    expect(deadLetters.map((letter) => letter.reason)).toEqual(["missing_field:user_id"]);

    const expected = { responses: 1, toolCalls: 4, feedback: 0, rejected: 1 };
    await waitFor(
      () => dedupedCounts(warehouse, TENANT),
      (counts) => JSON.stringify(counts) === JSON.stringify(expected),
      { timeoutMs: 60_000, what: "the worker to store the mapped events" },
    );

    // The exporter sends the same batch again (its retry after a lost answer): the broker gets the
    // messages twice, the warehouse keeps each event once.
    expect(await exportSpans("protobuf+gzip", url, INGEST_KEY, recording.spans())).toEqual({ code: 0 });
    expect(await topicSize(kafka, TOPICS.tool_call)).toBe(8);
    expect(await topicSize(kafka, TOPICS.response_completed)).toBe(2);
    // The worker has read them again once it counts them as duplicates; the counts must not have moved.
    await waitFor(
      () => metricValue(ingest.port, "answerscope_ingest_duplicates_skipped_total"),
      (skipped) => skipped >= 5,
      { timeoutMs: 60_000, what: "the worker to skip the re-sent events" },
    );
    expect(await dedupedCounts(warehouse, TENANT)).toEqual(expected);
    const raw = await rawCounts(warehouse);
    expect([raw.responses, raw.toolCalls]).toEqual([1, 4]);
  });
});
