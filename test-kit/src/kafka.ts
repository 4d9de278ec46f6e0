import { createKafka } from "@answerscope/ingest";
import type { Kafka } from "kafkajs";

export const TOPICS = {
  response_completed: "answerscope.response_completed",
  tool_call: "answerscope.tool_call",
  feedback_submitted: "answerscope.feedback_submitted",
  dlq: "answerscope.dlq",
} as const;

/** One message as a producer would send it: the topic's event kind, its key and its text. */
export interface TopicMessage {
  kind: Exclude<keyof typeof TOPICS, "dlq">;
  key: string;
  value: string;
}

/** Sends messages to their topics in chunks, as a producer application would (acks from all replicas). */
export async function produceMix(kafka: Kafka, messages: TopicMessage[], chunk = 500): Promise<void> {
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();
  try {
    for (let start = 0; start < messages.length; start += chunk) {
      const byTopic = new Map<string, { key: string; value: string }[]>();
      for (const message of messages.slice(start, start + chunk)) {
        const topic = TOPICS[message.kind];
        byTopic.set(topic, [...(byTopic.get(topic) ?? []), { key: message.key, value: message.value }]);
      }
      await producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, msgs]) => ({ topic, messages: msgs })),
      });
    }
  } finally {
    await producer.disconnect();
  }
}

/** Messages currently stored on a topic (high watermark minus low, summed over partitions). */
export async function topicSize(kafka: Kafka, topic: string): Promise<number> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const offsets = await admin.fetchTopicOffsets(topic);
    return offsets.reduce((sum, partition) => sum + Number(partition.high) - Number(partition.low), 0);
  } finally {
    await admin.disconnect();
  }
}

/** Every record on the dead-letter topic (its key, reason and whole text), read from the start by a throwaway group. */
export async function readDeadLetters(
  kafka: Kafka,
  timeoutMs = 30_000,
): Promise<{ key: string; reason: string; value: string }[]> {
  const expectedCount = await topicSize(kafka, TOPICS.dlq);
  if (expectedCount === 0) return [];
  const consumer = kafka.consumer({ groupId: `dlq-reader-${Date.now()}-${Math.random()}`, maxWaitTimeInMs: 100 });
  const seen: { key: string; reason: string; value: string }[] = [];
  await consumer.connect();
  await consumer.subscribe({ topic: TOPICS.dlq, fromBeginning: true });
  const done = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`read ${seen.length} of ${expectedCount} dead letters in ${timeoutMs} ms`)),
      timeoutMs,
    );
    void consumer.run({
      eachMessage: async ({ message }) => {
        const value = message.value!.toString();
        seen.push({
          key: message.key?.toString() ?? "",
          reason: (JSON.parse(value) as { reason: string }).reason,
          value,
        });
        if (seen.length >= expectedCount) {
          clearTimeout(timer);
          resolve();
        }
      },
    });
  });
  try {
    await done;
  } finally {
    await consumer.disconnect();
  }
  return seen;
}

export function kafkaFor(brokers: string): Kafka {
  return createKafka(brokers.split(","), "answerscope-test");
}

/**
 * Messages of `topics` the group has not committed yet, over every partition (a partition the
 * group never committed counts from its start). Zero once the group's committed offsets reach
 * the end of every partition; a worker commits only what its warehouse writes acknowledged.
 */
export async function groupLag(kafka: Kafka, groupId: string, topics: string[]): Promise<number> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const committed = new Map<string, number>();
    for (const { topic, partitions } of await admin.fetchOffsets({ groupId, topics })) {
      for (const { partition, offset } of partitions)
        committed.set(`${topic}/${partition}`, Math.max(0, Number(offset)));
    }
    let lag = 0;
    for (const topic of topics) {
      for (const { partition, high, low } of await admin.fetchTopicOffsets(topic))
        lag += Number(high) - Math.max(Number(low), committed.get(`${topic}/${partition}`) ?? 0);
    }
    return lag;
  } finally {
    await admin.disconnect();
  }
}
