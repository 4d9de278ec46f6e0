import { emptyFactBatch, factBatchSize, type FactBatch } from "@answerscope/warehouse";
import { describe, expect, it } from "vitest";
import { RowsInOrder } from "./floor-limit";

/** A batch of placeholder rows: only their identity and kind matter here. */
function batchOf(responses: string[], toolCalls: string[]): FactBatch {
  const batch = emptyFactBatch();
  batch.responses.push(...(responses.map((id) => ({ id })) as unknown as FactBatch["responses"]));
  batch.toolCalls.push(...(toolCalls.map((id) => ({ id })) as unknown as FactBatch["toolCalls"]));
  return batch;
}

const ids = (batch: FactBatch) => ({
  responses: batch.responses.map((row) => (row as unknown as { id: string }).id),
  toolCalls: batch.toolCalls.map((row) => (row as unknown as { id: string }).id),
});

describe("RowsInOrder", () => {
  it("hands out the stored rows in their order, by kind, as many per write as asked", () => {
    const rows = new RowsInOrder([batchOf(["r1", "r2"], ["t1"]), batchOf(["r3"], ["t2", "t3"])]);
    // The first stored batch's rows, then the second's: r1 r2 t1 | r3 t2 t3.
    expect(ids(rows.take(2, false))).toEqual({ responses: ["r1", "r2"], toolCalls: [] });
    expect(ids(rows.take(2, false))).toEqual({ responses: ["r3"], toolCalls: ["t1"] });
    expect(ids(rows.take(5, false))).toEqual({ responses: [], toolCalls: ["t2", "t3"] });
    expect(factBatchSize(rows.take(5, false))).toBe(0);
  });

  it("gives the last write whatever is left, however many rows its batch held", () => {
    const rows = new RowsInOrder([batchOf(["r1", "r2", "r3"], ["t1", "t2"])]);
    rows.take(1, false);
    expect(ids(rows.take(1, true))).toEqual({ responses: ["r2", "r3"], toolCalls: ["t1", "t2"] });
  });
});
