import type { DemoMessage } from "@answerscope/demo";
import { topicMessagesOf, topicsWith } from "@answerscope/demo";
import { Kafka, logLevel, Partitioners } from "kafkajs";

/**
 * Produces the messages once, before any measurement, in sendBatch calls of `batchSize`,
 * as the demo's Kafka transport does (acks -1). Returns messages per second.
 * The source, worker and sink runs then read the same messages with fresh consumer groups.
 */
export async function produceAll(brokers: string[], messages: readonly DemoMessage[], batchSize = 1000): Promise<number> {
  const kafka = new Kafka({ clientId: "bench-producer", brokers, logLevel: logLevel.WARN });
  const producer = kafka.producer({ allowAutoTopicCreation: false, createPartitioner: Partitioners.DefaultPartitioner });
  await producer.connect();
  const topics = topicsWith();
  const started = performance.now();
  try {
    for (let start = 0; start < messages.length; start += batchSize) {
      await producer.sendBatch({ acks: -1, topicMessages: topicMessagesOf(messages.slice(start, start + batchSize), topics) });
    }
  } finally {
    await producer.disconnect();
  }
  return messages.length / ((performance.now() - started) / 1000);
}
