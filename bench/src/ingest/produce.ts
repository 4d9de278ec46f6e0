import type { DemoMessage } from "@answerscope/demo";
import { topicMessagesOf, topicsWith } from "@answerscope/demo";
import { Kafka, logLevel, Partitioners } from "kafkajs";

/**
 * Produces the messages once, before any measurement, in sendBatch calls of `batchSize`,
 * as the demo's Kafka transport does (acks -1). Returns messages per second.
 * The source, worker and sink runs then read the same messages with fresh consumer groups.
 */
export async function produceAll(
  brokers: string[],
  messages: readonly DemoMessage[],
  batchSize = 1000,
): Promise<number> {
  const kafka = new Kafka({ clientId: "bench-producer", brokers, logLevel: logLevel.WARN });
  const producer = kafka.producer({
    allowAutoTopicCreation: false,
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();
  const topics = topicsWith();
  const started = performance.now();
  let rate: number;
  try {
    for (let start = 0; start < messages.length; start += batchSize) {
      await producer.sendBatch({
        acks: -1,
        topicMessages: topicMessagesOf(messages.slice(start, start + batchSize), topics),
      });
    }
    rate = messages.length / ((performance.now() - started) / 1000);
  } finally {
    await producer.disconnect();
  }
  await expectAllRetained(kafka, [...new Set(Object.values(topics))], messages.length);
  return rate;
}

/**
 * Every run reads all the messages, so a broker that dropped some (librdkafka's mock keeps a
 * few MB per partition and deletes older segments) would leave each run waiting out its time
 * limit: fail now instead, saying what to change.
 */
async function expectAllRetained(kafka: Kafka, topics: string[], produced: number): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    let retained = 0;
    for (const topic of topics) {
      for (const { high, low } of await admin.fetchTopicOffsets(topic)) retained += Number(high) - Number(low);
    }
    if (retained < produced) {
      throw new Error(
        `the broker kept ${retained} of the ${produced} produced messages (its partitions' retention dropped the oldest); run with fewer --ingest-events`,
      );
    }
  } finally {
    await admin.disconnect();
  }
}
