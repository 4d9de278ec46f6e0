import { makeFeedback, makeResponseCompleted, makeToolCall } from "@answerscope/contracts";
import type { ProducerBatch } from "kafkajs";
import { describe, expect, it } from "vitest";
import { toDemoMessage } from "../scenario/demo-message";
import { createKafkaTransport, type KafkaProducer } from "./kafka-transport";

/** Records what the transport asks of the producer. */
function fakeProducer(): KafkaProducer & { batches: ProducerBatch[]; calls: string[] } {
  const batches: ProducerBatch[] = [];
  const calls: string[] = [];
  return {
    batches,
    calls,
    connect: async () => void calls.push("connect"),
    disconnect: async () => void calls.push("disconnect"),
    sendBatch: async (batch) => {
      calls.push("sendBatch");
      batches.push(batch);
      return [];
    },
  };
}

const messages = [
  toDemoMessage({ atMs: 1, event: makeToolCall({ event_id: "e1", session_id: "sess_a" }) }),
  toDemoMessage({ atMs: 2, event: makeResponseCompleted({ event_id: "e2", session_id: "sess_a" }) }),
  toDemoMessage({
    atMs: 3,
    event: makeToolCall({ event_id: "e3", session_id: undefined, diagnostic_task_id: "diag_1" }),
  }),
  toDemoMessage({ atMs: 4, event: makeFeedback({ event_id: "e4", target_id: "resp_9" }) }),
];

describe("kafka transport", () => {
  it("sends one batch per call with acks -1, to the default topics, keyed by the contract rule", async () => {
    const producer = fakeProducer();
    const transport = await createKafkaTransport({ brokers: ["127.0.0.1:9092"], producer });

    expect(await transport.send(messages)).toEqual({ accepted: 4, rejected: [] });
    await transport.close();

    expect(producer.calls).toEqual(["connect", "sendBatch", "disconnect"]);
    const [batch] = producer.batches;
    expect(batch?.acks).toBe(-1);
    const keysByTopic = Object.fromEntries(
      (batch?.topicMessages ?? []).map(({ topic, messages: sent }) => [topic, sent.map((m) => m.key)]),
    );
    expect(keysByTopic).toEqual({
      "answerscope.tool_call": ["sess_a", "diag_1"],
      "answerscope.response_completed": ["sess_a"],
      "answerscope.feedback_submitted": ["resp_9"],
    });
    expect(batch?.topicMessages?.[0]?.messages[0]?.value).toBe(messages[0]?.value);
    expect(transport.description).toBe("kafka 127.0.0.1:9092");
  });

  it("uses overridden topic names", async () => {
    const producer = fakeProducer();
    const transport = await createKafkaTransport({
      brokers: ["b:9092"],
      producer,
      topics: { tool_call: "staging.tool_call" },
    });
    await transport.send(messages);
    expect(producer.batches[0]?.topicMessages?.map((t) => t.topic).sort()).toEqual([
      "answerscope.feedback_submitted",
      "answerscope.response_completed",
      "staging.tool_call",
    ]);
  });

  it("keeps the default topic where an override is unset", async () => {
    const producer = fakeProducer();
    const transport = await createKafkaTransport({
      brokers: ["b:9092"],
      producer,
      topics: { tool_call: undefined, response_completed: "" },
    });
    await transport.send(messages);
    expect(producer.batches[0]?.topicMessages?.map((t) => t.topic).sort()).toEqual([
      "answerscope.feedback_submitted",
      "answerscope.response_completed",
      "answerscope.tool_call",
    ]);
  });

  it("sends nothing for an empty batch", async () => {
    const producer = fakeProducer();
    const transport = await createKafkaTransport({ brokers: ["b:9092"], producer });
    expect(await transport.send([])).toEqual({ accepted: 0, rejected: [] });
    expect(producer.batches).toHaveLength(0);
  });
});
