import type { ServicePids } from "./cpu-accounting";
import { consumeAsWorker, type ConsumerRun } from "./worker-like-consumer";

export type SourceRun = ConsumerRun;

const readIsDurable = Promise.resolve();

/**
 * The source limit: a consumer with the worker's settings and commits (worker-like-consumer.ts)
 * that only counts messages, each batch durable once read.
 *
 * It commits as the worker does, outside the fetch loop, one commit at a time. Awaiting a commit
 * per batch instead bounds it by commit round trips (the
 * mock broker hands out one produced batch per partition per fetch, about 80 messages, so 80,000
 * messages are some 1,000 commits): 38,000-63,000 messages/s against 270,000-465,000.
 */
export function measureSourceLimit(
  brokers: string[],
  groupId: string,
  expected: number,
  { warmup, timeoutMs, servicePids }: { warmup?: number; timeoutMs?: number; servicePids?: ServicePids } = {},
): Promise<SourceRun> {
  return consumeAsWorker(
    { brokers, clientId: "bench-source", groupId, expected, warmup, timeoutMs, servicePids },
    async () => ({ durable: readIsDurable }),
  );
}
