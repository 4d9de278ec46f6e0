import { makeToolCall } from "@answerscope/contracts";
import { emptyFactBatch } from "@answerscope/warehouse";
import { describe, expect, it } from "vitest";
import { addOutcome } from "./batch-rows";
import { runPipeline } from "./pipeline";

const context = { source: "test/1", dedupKey: "test/1", receivedAtMs: 1_000 };

describe("addOutcome", () => {
  it("adds a valid event's row to its own table and nothing else", () => {
    const batch = emptyFactBatch();
    addOutcome(batch, runPipeline(JSON.stringify(makeToolCall({ event_id: "e1", tool_call_id: "c1" })), context));
    expect(batch.toolCalls.map((row) => [row.event_id, row.tool_call_id])).toEqual([["e1", "c1"]]);
    expect({ ...batch, toolCalls: [] }).toEqual(emptyFactBatch());
  });

  it("adds a rejected event as its rejected row, with the reason and where it came from", () => {
    const batch = emptyFactBatch();
    addOutcome(batch, runPipeline("{not json", context));
    expect(batch.rejected).toHaveLength(1);
    expect(batch.rejected[0]).toMatchObject({ reason: "invalid_json", dedup_key: "test/1", source: "test/1" });
    expect({ ...batch, rejected: [] }).toEqual(emptyFactBatch());
  });
});
