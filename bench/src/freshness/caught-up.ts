import type { Kafka } from "kafkajs";

/** Messages the group has not committed yet, over every partition of `topics`. */
export async function groupLag(kafka: Kafka, groupId: string, topics: string[]): Promise<number> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const committed = new Map<string, number>();
    for (const { topic, partitions } of await admin.fetchOffsets({ groupId, topics })) {
      for (const { partition, offset } of partitions) committed.set(`${topic}/${partition}`, Math.max(0, Number(offset)));
    }
    let lag = 0;
    for (const topic of topics) {
      for (const { partition, high } of await admin.fetchTopicOffsets(topic)) lag += Number(high) - (committed.get(`${topic}/${partition}`) ?? 0);
    }
    return lag;
  } finally {
    await admin.disconnect();
  }
}

/**
 * Waits until the group has committed everything already on `topics`, so a freshness
 * probe measures new events, not a new group reading the backlog that earlier sections
 * left on the broker. Returns the backlog it waited for.
 */
export async function waitUntilCaughtUp(kafka: Kafka, groupId: string, topics: string[], timeoutMs = 300_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  const backlog = await groupLag(kafka, groupId, topics);
  for (let lag = backlog; lag > 0; lag = await groupLag(kafka, groupId, topics)) {
    if (Date.now() > deadline) throw new Error(`the freshness worker still had ${lag} of ${backlog} backlog messages to commit after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return backlog;
}
