import { describe, expect, it } from "vitest";
import { AbortedError, retryUntilDone } from "./retry";

describe("retryUntilDone", () => {
  it("retries failures until the attempt succeeds", async () => {
    let calls = 0;
    const retries: number[] = [];
    const value = await retryUntilDone(
      async () => {
        calls++;
        if (calls < 3) throw new Error(`fail ${calls}`);
        return "done";
      },
      { minDelayMs: 1, maxDelayMs: 4 },
      new AbortController().signal,
      (_error, attempt) => retries.push(attempt),
    );
    expect(value).toBe("done");
    expect(calls).toBe(3);
    expect(retries).toEqual([1, 2]);
  });

  it("stops with AbortedError when the signal aborts during a backoff", async () => {
    const controller = new AbortController();
    const pending = retryUntilDone(
      async () => {
        throw new Error("warehouse down");
      },
      { minDelayMs: 10_000, maxDelayMs: 10_000 },
      controller.signal,
      () => setImmediate(() => controller.abort()),
    );
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
  });
});

describe("retryUntilDone with maxAttempts", () => {
  it("gives up with the last error after maxAttempts", async () => {
    let calls = 0;
    const pending = retryUntilDone(
      async () => {
        calls++;
        throw new Error(`fail ${calls}`);
      },
      { minDelayMs: 1, maxDelayMs: 1, maxAttempts: 2 },
      new AbortController().signal,
    );
    await expect(pending).rejects.toThrow("fail 2");
    expect(calls).toBe(2);
  });
});
