import type { Kafka } from "kafkajs";
import { groupLag } from "@answerscope/test-kit";

/**
 * Waits until the group has committed everything already on `topics`, so a freshness
 * probe measures new events, not a new group reading the backlog that earlier sections
 * left on the broker. Returns the backlog it waited for.
 */
export async function waitUntilCaughtUp(
  kafka: Kafka,
  groupId: string,
  topics: string[],
  timeoutMs = 300_000,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  const backlog = await groupLag(kafka, groupId, topics);
  for (let lag = backlog; lag > 0; lag = await groupLag(kafka, groupId, topics)) {
    if (Date.now() > deadline)
      throw new Error(
        `the freshness worker still had ${lag} of ${backlog} backlog messages to commit after ${timeoutMs} ms`,
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return backlog;
}
