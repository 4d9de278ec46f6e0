import { setTimeout as sleep } from "node:timers/promises";
import type { DemoMessage } from "../scenario/demo-message";

export type Clock = { readonly now: () => number; readonly sleep: (ms: number) => Promise<unknown> };
export const systemClock: Clock = { now: () => Date.now(), sleep: (ms) => sleep(ms) };

export type BatchOptions = {
  /** Most messages per batch. */
  readonly size: number;
  /** Live mode: no message leaves before its occurred_at, so timestamps are "now" when they arrive. */
  readonly paced: boolean;
  /**
   * When paced, how long to wait past a message's time before sending: it gathers the messages of
   * that tick into one batch instead of one request per message, at the cost of this much lag.
   */
  readonly tickMs?: number;
  readonly clock?: Clock;
};

/** The message stream cut into batches for a transport. */
export async function* batchesOf(
  messages: Iterable<DemoMessage>,
  options: BatchOptions,
): AsyncGenerator<DemoMessage[]> {
  const clock = options.clock ?? systemClock;
  const tickMs = options.tickMs ?? 100;
  let batch: DemoMessage[] = [];
  for (const message of messages) {
    if (options.paced) {
      const waitMs = message.occurredAtMs - clock.now();
      if (waitMs > 0) {
        if (batch.length > 0) yield batch;
        batch = [];
        await clock.sleep(waitMs + tickMs);
      }
    }
    batch.push(message);
    if (batch.length >= options.size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
