import { queryRows, type Warehouse } from "@answerscope/warehouse";
import type { Kafka } from "kafkajs";
import { groupLag } from "../../../test/src/kafka";

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

/**
 * Waits until ClickHouse runs no merge, so a freshness probe does not share the server with the
 * merges of what earlier sections (and the backlog) stored. Right after the ingest section the route
 * took 315 ms p50 and the freshness p95 was 3.1 s; the freshness section run alone, 137 ms and 1.1 s
 * (session 32). Returns the wait in ms; a server still merging at the timeout is measured as it is.
 */
export async function waitUntilMergesSettle(w: Warehouse, timeoutMs = 120_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const [row] = await queryRows<{ n: number }>(w, "SELECT count() AS n FROM system.merges");
    if (Number(row?.n ?? 0) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return Date.now() - started;
}
