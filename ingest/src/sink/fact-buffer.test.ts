import { emptyFactBatch, type FactBatch, type RejectedRow } from "@answerscope/warehouse";
import { describe, expect, it } from "vitest";
import { FactBuffer } from "./fact-buffer";
import { AbortedError } from "./retry";

const rejected = (n: number): FactBatch => ({
  ...emptyFactBatch(),
  rejected: Array.from({ length: n }, (_, i) => ({ dedup_key: `k${i}` }) as RejectedRow),
});

const policy = { minDelayMs: 1, maxDelayMs: 2 };

describe("FactBuffer", () => {
  it("flushes when the size threshold is reached, in one write", async () => {
    const writes: number[] = [];
    const buffer = new FactBuffer({ write: async (b) => void writes.push(b.rejected.length), maxRows: 5, maxWaitMs: 60_000, retry: policy });
    await Promise.all([buffer.add(rejected(2)), buffer.add(rejected(3))]);
    expect(writes).toEqual([5]);
  });

  it("flushes a small batch once it is old enough", async () => {
    const writes: number[] = [];
    const buffer = new FactBuffer({ write: async (b) => void writes.push(b.rejected.length), maxRows: 1000, maxWaitMs: 20, retry: policy });
    await buffer.add(rejected(1));
    expect(writes).toEqual([1]);
  });

  it("retries a failed write and resolves callers only after it succeeds", async () => {
    let attempts = 0;
    let retries = 0;
    const buffer = new FactBuffer({
      write: async () => {
        attempts++;
        if (attempts < 3) throw new Error("down");
      },
      maxRows: 1,
      maxWaitMs: 10,
      retry: policy,
      onRetry: () => retries++,
    });
    await buffer.add(rejected(1));
    expect(attempts).toBe(3);
    expect(retries).toBe(2);
  });

  it("rejects waiting callers with AbortedError when aborted while the warehouse is down", async () => {
    const buffer = new FactBuffer({ write: async () => Promise.reject(new Error("down")), maxRows: 1, maxWaitMs: 10, retry: { minDelayMs: 50, maxDelayMs: 50 } });
    const pending = buffer.add(rejected(1));
    setTimeout(() => buffer.abort(), 20);
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
    await expect(buffer.add(rejected(1))).rejects.toBeInstanceOf(AbortedError);
  });
});
