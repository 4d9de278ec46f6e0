import { emptyFactBatch, type FactBatch, type RejectedRow } from "@answerscope/warehouse";
import { describe, expect, it } from "vitest";
import { FactBuffer } from "./fact-buffer";
import { AbortedError, type RetryPolicy } from "./retry";

const rejected = (n: number): FactBatch => ({
  ...emptyFactBatch(),
  rejected: Array.from({ length: n }, (_, i) => ({ dedup_key: `k${i}` }) as RejectedRow),
});

const policy = { minDelayMs: 1, maxDelayMs: 2 };

describe("FactBuffer", () => {
  it("flushes when the size threshold is reached, in one write", async () => {
    const writes: number[] = [];
    const buffer = new FactBuffer({
      write: async (b) => void writes.push(b.rejected.length),
      maxRows: 5,
      maxWaitMs: 60_000,
      retry: policy,
    });
    await Promise.all([buffer.add(rejected(2)), buffer.add(rejected(3))]);
    expect(writes).toEqual([5]);
  });

  it("flushes a small batch once it is old enough", async () => {
    const writes: number[] = [];
    const buffer = new FactBuffer({
      write: async (b) => void writes.push(b.rejected.length),
      maxRows: 1000,
      maxWaitMs: 20,
      retry: policy,
    });
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
    const buffer = new FactBuffer({
      write: async () => Promise.reject(new Error("down")),
      maxRows: 1,
      maxWaitMs: 10,
      retry: { minDelayMs: 50, maxDelayMs: 50 },
    });
    const pending = buffer.add(rejected(1));
    setTimeout(() => buffer.abort(), 20);
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
    await expect(buffer.add(rejected(1))).rejects.toBeInstanceOf(AbortedError);
  });
});

/** A write that the test completes: `release()` lets the oldest held write finish. */
function gatedWrites() {
  const sizes: number[] = [];
  const gates: (() => void)[] = [];
  const write = (b: FactBatch) => {
    sizes.push(b.rejected.length);
    return new Promise<void>((resolve) => gates.push(resolve));
  };
  const waitForWrites = async (n: number) => {
    for (let i = 0; i < 1000 && sizes.length < n; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(sizes).toHaveLength(n);
  };
  return { sizes, write, waitForWrites, release: () => gates.shift()!() };
}

describe("FactBuffer while a write runs", () => {
  it("keeps taking rows and writes them next, as one batch that grew during the write", async () => {
    const gate = gatedWrites();
    const buffer = new FactBuffer({ write: gate.write, maxRows: 100, maxWaitMs: 1, retry: policy });
    const first = buffer.add(rejected(1));
    await gate.waitForWrites(1);
    // Each of these is older than maxWaitMs by the time the write ends, yet none is written alone.
    const later = [buffer.add(rejected(2)), buffer.add(rejected(3))];
    await new Promise((resolve) => setTimeout(resolve, 5));
    const laterDone = Promise.all(later);
    expect(gate.sizes).toEqual([1]);
    gate.release();
    await first;
    await gate.waitForWrites(2);
    expect(gate.sizes).toEqual([1, 5]);
    gate.release();
    await laterDone;
  });

  it("closes batches at maxRows while waiting and writes them in order, one at a time", async () => {
    const gate = gatedWrites();
    const buffer = new FactBuffer({ write: gate.write, maxRows: 2, maxWaitMs: 60_000, retry: policy });
    const adds = [buffer.add(rejected(2)), buffer.add(rejected(2)), buffer.add(rejected(3))];
    await gate.waitForWrites(1);
    gate.release();
    await gate.waitForWrites(2);
    gate.release();
    await gate.waitForWrites(3);
    gate.release();
    await Promise.all(adds);
    expect(gate.sizes).toEqual([2, 2, 3]);
  });

  it("has no room while maxHeldRows are unwritten, and room again once a write lands", async () => {
    const gate = gatedWrites();
    const buffer = new FactBuffer({ write: gate.write, maxRows: 3, maxWaitMs: 60_000, maxHeldRows: 5, retry: policy });
    const first = buffer.add(rejected(3));
    expect(buffer.hasRoom()).toBe(true);
    const second = buffer.add(rejected(2));
    expect(buffer.heldRows).toBe(5);
    expect(buffer.hasRoom()).toBe(false);
    let roomAt = -1;
    const room = buffer.room().then(() => (roomAt = buffer.heldRows));
    await gate.waitForWrites(1);
    gate.release();
    await first;
    await room;
    expect(roomAt).toBe(2);
    void buffer.flush();
    await gate.waitForWrites(2);
    gate.release();
    await second;
    expect(buffer.heldRows).toBe(0);
  });

  it("resolves a caller with no rows at once, even behind a write that does not end", async () => {
    const gate = gatedWrites();
    const buffer = new FactBuffer({ write: gate.write, maxRows: 1, maxWaitMs: 1, retry: policy });
    void buffer.add(rejected(1));
    await gate.waitForWrites(1);
    await expect(buffer.add(emptyFactBatch())).resolves.toBeUndefined();
  });

  it("discards batches not yet being written, and only those", async () => {
    const gate = gatedWrites();
    const buffer = new FactBuffer({ write: gate.write, maxRows: 2, maxWaitMs: 60_000, retry: policy });
    const writing = buffer.add(rejected(2));
    await gate.waitForWrites(1);
    const closed = buffer.add(rejected(2));
    const open = buffer.add(rejected(1));
    expect(buffer.discardUnstarted("rebalanced")).toBe(3);
    await expect(closed).rejects.toBeInstanceOf(AbortedError);
    await expect(open).rejects.toBeInstanceOf(AbortedError);
    expect(buffer.heldRows).toBe(2);
    gate.release();
    await expect(writing).resolves.toBeUndefined();
    expect(gate.sizes).toEqual([2]);
  });

  it("flush resolves once what was added before it is written, not what comes later", async () => {
    const gate = gatedWrites();
    const buffer = new FactBuffer({ write: gate.write, maxRows: 100, maxWaitMs: 60_000, retry: policy });
    void buffer.add(rejected(1));
    let flushed = false;
    const flush = buffer.flush().then(() => (flushed = true));
    await gate.waitForWrites(1);
    void buffer.add(rejected(4));
    expect(flushed).toBe(false);
    gate.release();
    await flush;
    expect(buffer.heldRows).toBe(4);
  });
});

/**
 * A two-step writer whose writes the test completes: `prepare` records which batch was checked
 * against which pending write (by the batches' first dedup keys), `write` what was written with
 * which check, and `fail()` makes the oldest held write throw instead of finishing.
 */
function gatedTwoStepWrites() {
  const firstKey = (b: FactBatch) => b.rejected[0]?.dedup_key ?? "";
  const checks: string[] = [];
  const writes: string[] = [];
  const gates: { resolve: () => void; reject: (error: Error) => void }[] = [];
  let checkNo = 0;
  const prepare = async (b: FactBatch, pending: string | undefined) => {
    const check = `${firstKey(b)}#${++checkNo}${pending ? ` after ${pending}` : ""}`;
    checks.push(check);
    return check;
  };
  const write = (_b: FactBatch, prepared: string | undefined) => {
    writes.push(prepared!);
    return new Promise<void>((resolve, reject) => gates.push({ resolve, reject }));
  };
  const settle = async (n: number) => {
    for (let i = 0; i < 1000 && writes.length < n; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(n);
  };
  const discarded: string[] = [];
  const discard = (prepared: string) => void discarded.push(prepared);
  return {
    checks,
    writes,
    discarded,
    prepare,
    write,
    discard,
    settle,
    release: () => gates.shift()!.resolve(),
    fail: () => gates.shift()!.reject(new Error("down")),
  };
}

const keyed = (key: string, n: number): FactBatch => ({
  ...emptyFactBatch(),
  rejected: Array.from({ length: n }, (_, i) => ({ dedup_key: `${key}${i}` }) as RejectedRow),
});

/** A two-step buffer with batch a being written and batch b added while it runs. */
async function writingAWhileBArrives(
  w: ReturnType<typeof gatedTwoStepWrites>,
  {
    prepare = w.prepare,
    retry = policy,
  }: { prepare?: (b: FactBatch, pending: string | undefined) => Promise<string>; retry?: RetryPolicy } = {},
) {
  const buffer = new FactBuffer<string>({
    prepare,
    write: w.write,
    discard: w.discard,
    maxRows: 2,
    maxWaitMs: 60_000,
    retry,
  });
  const first = buffer.add(keyed("a", 2));
  await w.settle(1);
  const second = buffer.add(keyed("b", 2));
  await new Promise((resolve) => setImmediate(resolve));
  return { buffer, first, second };
}

describe("FactBuffer with a prepare step", () => {
  it("checks the next batch while a write runs, against what that write stores, and writes it with that check", async () => {
    const w = gatedTwoStepWrites();
    const { first, second } = await writingAWhileBArrives(w);
    // Checked at once, while a's write is still running.
    expect(w.checks).toEqual(["a0#1", "b0#2 after a0#1"]);
    w.release();
    await first;
    await w.settle(2);
    expect(w.writes).toEqual(["a0#1", "b0#2 after a0#1"]);
    w.release();
    await second;
    expect(w.checks).toHaveLength(2);
    expect(w.discarded).toEqual([]);
  });

  it("checks the next batch again when the write it was checked against failed and was prepared again", async () => {
    const w = gatedTwoStepWrites();
    const { first, second } = await writingAWhileBArrives(w);
    w.fail();
    // a is checked again (nothing pending: the failed write stored nothing that counts), and b against that.
    await w.settle(2);
    expect(w.writes).toEqual(["a0#1", "a0#3"]);
    expect(w.checks).toEqual(["a0#1", "b0#2 after a0#1", "a0#3", "b0#4 after a0#3"]);
    w.release();
    await first;
    await w.settle(3);
    expect(w.writes[2]).toBe("b0#4 after a0#3");
    w.release();
    await second;
    // b's check against the failed attempt is never written; a's own check is not discarded (its write may have stored some rows).
    expect(w.discarded).toEqual(["b0#2 after a0#1"]);
  });

  it("checks a batch afresh when its ahead check failed", async () => {
    const w = gatedTwoStepWrites();
    let failPrepare = true;
    // The ahead check of b fails: b is checked again when its turn comes, with nothing pending.
    const { first, second } = await writingAWhileBArrives(w, {
      prepare: async (b, pending) => {
        if (pending && failPrepare) {
          failPrepare = false;
          throw new Error("lookup failed");
        }
        return w.prepare(b, pending);
      },
    });
    w.release();
    await first;
    await w.settle(2);
    expect(w.writes).toEqual(["a0#1", "b0#2"]);
    w.release();
    await second;
    // A check that failed left nothing to discard.
    expect(w.discarded).toEqual([]);
  });

  it("checks the next batch afresh when the write it was checked against was given up", async () => {
    const w = gatedTwoStepWrites();
    // One attempt only, as the collector's buffer gives up: a's rows are not stored, so b's check against them is stale.
    const { first, second } = await writingAWhileBArrives(w, { retry: { ...policy, maxAttempts: 1 } });
    expect(w.checks).toEqual(["a0#1", "b0#2 after a0#1"]);
    w.fail();
    await expect(first).rejects.toThrow("down");
    await w.settle(2);
    expect(w.writes).toEqual(["a0#1", "b0#3"]);
    w.release();
    await second;
    expect(w.discarded).toEqual(["b0#2 after a0#1"]);
  });

  it("never writes a batch discarded while it was checked ahead", async () => {
    const w = gatedTwoStepWrites();
    const { buffer, first, second: dropped } = await writingAWhileBArrives(w);
    expect(w.checks).toEqual(["a0#1", "b0#2 after a0#1"]);
    expect(buffer.discardUnstarted("rebalanced")).toBe(2);
    await expect(dropped).rejects.toBeInstanceOf(AbortedError);
    const third = buffer.add(keyed("c", 2));
    await new Promise((resolve) => setImmediate(resolve));
    w.release();
    await first;
    await w.settle(2);
    expect(w.writes).toEqual(["a0#1", "c0#3 after a0#1"]);
    w.release();
    await third;
    expect(w.discarded).toEqual(["b0#2 after a0#1"]);
  });
});
