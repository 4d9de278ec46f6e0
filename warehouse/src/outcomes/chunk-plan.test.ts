import { describe, expect, it } from "vitest";
import { ChunkPlan, isMemoryLimitError } from "./chunk-plan";

/** Runs a plan over hashes 0..n-1, splitting whenever `tooLarge` says so; returns the chunks evaluated. */
function evaluate(n: number, chunks: number, tooLarge: (members: number[]) => boolean): number[][] {
  const plan = new ChunkPlan(chunks);
  const evaluated: number[][] = [];
  for (let chunk = plan.next(); chunk; chunk = plan.next()) {
    const members = Array.from({ length: n }, (_, h) => h).filter((h) => h % chunk.modulus === chunk.residue);
    if (tooLarge(members)) plan.split();
    else {
      evaluated.push(members);
      plan.done();
    }
  }
  return evaluated;
}

describe("ChunkPlan", () => {
  it("covers every candidate exactly once without splits", () => {
    const chunks = evaluate(10, 3, () => false);
    expect(chunks).toEqual([
      [0, 3, 6, 9],
      [1, 4, 7],
      [2, 5, 8],
    ]);
  });

  it("covers every candidate exactly once when chunks are split part-way", () => {
    // The first chunk passes (4 members allowed), then the limit tightens to 2: the rest are halved, twice.
    let limit = 4;
    const chunks = evaluate(40, 10, (members) => {
      const tooLarge = members.length > limit;
      limit = 2;
      return tooLarge;
    });
    expect(chunks[0]).toEqual([0, 10, 20, 30]);
    expect(chunks.slice(1).every((members) => members.length <= 2)).toBe(true);
    expect(chunks.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, h) => h));
  });

  it("keeps the smaller size for the chunks after a split", () => {
    const plan = new ChunkPlan(2);
    plan.split();
    expect(plan.next()).toEqual({ modulus: 4, residue: 0 });
    expect(plan.chunkSize(100)).toBe(25);
    plan.done();
    expect(plan.next()).toEqual({ modulus: 4, residue: 2 });
  });

  it("refuses a plan without chunks", () => {
    expect(() => new ChunkPlan(0)).toThrow(RangeError);
  });
});

describe("isMemoryLimitError", () => {
  it("knows ClickHouse's code 241 and its message, nothing else", () => {
    expect(isMemoryLimitError(Object.assign(new Error("boom"), { code: "241" }))).toBe(true);
    expect(
      isMemoryLimitError(
        new Error("Code: 241, e.displayText() = DB::Exception: Memory limit (for query) exceeded: would use 1.86 GiB"),
      ),
    ).toBe(true);
    expect(isMemoryLimitError(Object.assign(new Error("Table does not exist"), { code: "60" }))).toBe(false);
    expect(isMemoryLimitError("Memory limit (for query) exceeded")).toBe(false);
  });
});
