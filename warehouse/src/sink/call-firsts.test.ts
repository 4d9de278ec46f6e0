import { describe, expect, it } from "vitest";
import { markCallFirsts } from "./call-firsts";
import type { ToolCallRow } from "./rows";

const row = (tool_call_id: string, event_id: string, occurred_at_ms: number, tenant_id = "t1") =>
  ({ tenant_id, tool_call_id, event_id, occurred_at_ms, becomes_first: 0, prev_first_at_ms: 0 }) as unknown as ToolCallRow;
const marks = (rows: ToolCallRow[]) => rows.map((r) => [r.event_id, r.becomes_first, r.prev_first_at_ms]);

describe("markCallFirsts", () => {
  it("marks a call's first stored event, and a later-arriving earlier event with the time it replaces", () => {
    expect(marks(markCallFirsts([row("c1", "e2", 2_000), row("c1", "e3", 3_000), row("c1", "e1", 1_000)], new Map()))).toEqual([
      ["e2", 1, 0],
      ["e3", 0, 0],
      ["e1", 1, 2_000],
    ]);
  });

  it("starts from the stored first time, per tenant and call", () => {
    const stored = new Map([["t1\u0000c1", 1_500]]);
    expect(marks(markCallFirsts([row("c1", "e2", 2_000), row("c1", "e0", 500), row("c1", "x", 1_000, "t2")], stored))).toEqual([
      ["e2", 0, 0],
      ["e0", 1, 1_500],
      ["x", 1, 0],
    ]);
  });

  it("never moves a call for an event at its current first time (a copy, or a tie)", () => {
    expect(marks(markCallFirsts([row("c1", "e1", 1_000), row("c1", "e1", 1_000), row("c1", "e9", 1_000)], new Map()))).toEqual([
      ["e1", 1, 0],
      ["e1", 0, 0],
      ["e9", 0, 0],
    ]);
  });
});
