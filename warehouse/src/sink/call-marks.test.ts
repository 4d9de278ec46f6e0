import { describe, expect, it } from "vitest";
import { addStoredEvent, callStateOf, markCalls, type StoredCall } from "./call-marks";
import type { ToolCallRow } from "./rows";

const row = (tool_call_id: string, event_id: string, occurred_at_ms: number, status = "started", tenant_id = "t1") =>
  ({ tenant_id, tool_call_id, event_id, occurred_at_ms, status }) as unknown as ToolCallRow;
const firstMarks = (rows: ToolCallRow[]) => rows.map((r) => [r.event_id, r.becomes_first, r.prev_first_at_ms]);
const stateMarks = (rows: ToolCallRow[]) =>
  rows.map((r) =>
    r.state_changed
      ? [r.event_id, r.state_first_at_ms, r.state_status, r.prev_state_first_at_ms, r.prev_state_status]
      : [r.event_id],
  );
const storedOf = (...events: ToolCallRow[]) => {
  const calls = new Map<string, StoredCall>();
  for (const event of events) addStoredEvent(calls, event);
  return calls;
};

describe("markCalls: first times", () => {
  it("marks a call's first stored event, and a later-arriving earlier event with the time it replaces", () => {
    expect(
      firstMarks(markCalls([row("c1", "e2", 2_000), row("c1", "e3", 3_000), row("c1", "e1", 1_000)], new Map())),
    ).toEqual([
      ["e2", 1, 0],
      ["e3", 0, 0],
      ["e1", 1, 2_000],
    ]);
  });

  it("starts from the stored first time, per tenant and call", () => {
    const stored = storedOf(row("c1", "s", 1_500));
    expect(
      firstMarks(
        markCalls([row("c1", "e2", 2_000), row("c1", "e0", 500), row("c1", "x", 1_000, "started", "t2")], stored),
      ),
    ).toEqual([
      ["e2", 0, 0],
      ["e0", 1, 1_500],
      ["x", 1, 0],
    ]);
  });

  it("never moves a call for an event at its current first time (a copy, or a tie)", () => {
    expect(
      firstMarks(markCalls([row("c1", "e1", 1_000), row("c1", "e1", 1_000), row("c1", "e9", 1_000)], new Map())),
    ).toEqual([
      ["e1", 1, 0],
      ["e1", 0, 0],
      ["e9", 0, 0],
    ]);
  });
});

describe("markCalls: states (first time, reduced status)", () => {
  it("follows a call from started to its latest terminal event, ties by event_id", () => {
    const rows = [
      row("c1", "a", 1_000),
      row("c1", "b", 2_000, "failed"),
      row("c1", "c", 1_500, "completed"),
      row("c1", "d", 2_000, "completed"),
    ];
    expect(stateMarks(markCalls(rows, new Map()))).toEqual([
      ["a", 1_000, "started", 0, ""],
      ["b", 1_000, "failed", 1_000, "started"],
      // older than the winning terminal: nothing changes
      ["c"],
      // same time as b, greater event_id: it wins
      ["d", 1_000, "completed", 1_000, "failed"],
    ]);
  });

  it("moves the state when an earlier event arrives, keeping the status", () => {
    const stored = storedOf(row("c1", "t", 5_000, "completed"));
    expect(stateMarks(markCalls([row("c1", "s", 4_000), row("c1", "t", 5_000, "completed")], stored))).toEqual([
      ["s", 4_000, "completed", 5_000, "completed"],
      ["t"],
    ]);
  });

  it("changes nothing for a copy of a stored event, even with other content", () => {
    const stored = storedOf(row("c1", "a", 1_000));
    expect(stateMarks(markCalls([row("c1", "a", 900, "failed")], stored))).toEqual([["a"]]);
    expect(firstMarks(markCalls([row("c1", "a", 900, "failed")], stored))).toEqual([["a", 0, 0]]);
  });

  it("compares event ids as bytes, as ClickHouse does", () => {
    // "\uffff" sorts below "\u{10000}" as bytes (ef bf bf < f0 90 80 80) but above it as UTF-16 code units.
    const rows = [row("c1", "s", 1), row("c1", "\u{10000}", 10, "failed"), row("c1", "\uffff", 10, "completed")];
    expect(stateMarks(markCalls(rows, new Map())).map((m) => m[2])).toEqual(["started", "failed", undefined]);
  });
});

describe("markCalls: checking a batch again", () => {
  it("rewrites every mark of a row it marked before (a batch checked again after a failed write)", () => {
    const rows = [row("c1", "b", 2_000, "completed")];
    markCalls(rows, storedOf(row("c1", "a", 1_000)));
    expect([...firstMarks(rows), ...stateMarks(rows)]).toEqual([
      ["b", 0, 0],
      ["b", 1_000, "completed", 1_000, "started"],
    ]);
    // The failed write stored the row after all: checked again, it changes nothing, and no mark of the first check is left.
    markCalls(rows, storedOf(row("c1", "a", 1_000), row("c1", "b", 2_000, "completed")));
    expect(rows[0]).toMatchObject({
      becomes_first: 0,
      prev_first_at_ms: 0,
      state_changed: 0,
      state_first_at_ms: 0,
      state_status: "",
      prev_state_first_at_ms: 0,
      prev_state_status: "",
      prev_state_duration_ms: -1,
    });
  });
});

describe("callStateOf: the reduction rules of reducedToolCallsSql", () => {
  const event = (event_id: string, occurred_at_ms: number, status: string, extra: Partial<ToolCallRow> = {}) =>
    ({
      tenant_id: "t1",
      tool_call_id: "c1",
      event_id,
      occurred_at_ms,
      status,
      tool_name: "t",
      duration_ms: -1,
      error_category: "",
      ...extra,
    }) as ToolCallRow;
  const stateOf = (...events: ToolCallRow[]) => callStateOf(storedOf(...events).get("t1\u0000c1")!);

  it("started only: the earliest started event's tool name, duration unknown", () => {
    expect(
      stateOf(event("b", 20, "started", { tool_name: "later" }), event("a", 10, "started", { tool_name: "first" })),
    ).toEqual({
      firstAtMs: 10,
      status: "started",
      toolName: "first",
      errorCategory: "",
      durationMs: -1,
    });
  });

  it("a terminal's tool name and duration_ms win; without duration_ms, terminal minus the earliest start, never negative", () => {
    expect(
      stateOf(
        event("s", 100, "started", { tool_name: "a" }),
        event("t", 160, "completed", { tool_name: "b", duration_ms: 45 }),
      ),
    ).toMatchObject({ toolName: "b", durationMs: 45 });
    expect(stateOf(event("s", 100, "started"), event("s2", 90, "started"), event("t", 160, "completed"))).toMatchObject(
      { durationMs: 70 },
    );
    expect(stateOf(event("s", 100, "started"), event("t", 80, "completed"))).toMatchObject({
      durationMs: 0,
      firstAtMs: 80,
    });
    expect(stateOf(event("t", 80, "completed"))).toMatchObject({ durationMs: -1 });
  });

  it("the error category only of a failed call", () => {
    expect(stateOf(event("t", 1, "failed", { error_category: "timeout" }))).toMatchObject({
      status: "failed",
      errorCategory: "timeout",
    });
    expect(
      stateOf(
        event("t", 1, "failed", { error_category: "timeout" }),
        event("u", 2, "completed", { error_category: "x" }),
      ),
    ).toMatchObject({ status: "completed", errorCategory: "" });
  });
});

describe("markCalls: ownership (a terminal event of another user never finalizes a call)", () => {
  const owned = (event_id: string, occurred_at_ms: number, status: string, user_id: string) => ({
    ...row("c1", event_id, occurred_at_ms, status),
    user_id,
  });

  it("moves another user's terminal event to `foreign`, unmarked, and lets the owner's own terminal finalize the call", () => {
    const foreign: ToolCallRow[] = [];
    const rows = [
      owned("s", 1_000, "started", "alice"),
      owned("x", 2_000, "completed", "mallory"),
      owned("t", 3_000, "failed", "alice"),
    ];
    const marked = markCalls(rows, new Map(), undefined, foreign);
    expect(foreign.map((r) => r.event_id)).toEqual(["x"]);
    expect(stateMarks(marked)).toEqual([
      ["s", 1_000, "started", 0, ""],
      ["t", 1_000, "failed", 1_000, "started"],
    ]);
  });

  it("takes the owner from the stored first event, also when the terminal arrives in a later batch or is earlier than it", () => {
    const stored = storedOf(owned("s", 1_000, "started", "alice"));
    const foreign: ToolCallRow[] = [];
    expect(
      markCalls(
        [owned("x", 500, "failed", "mallory"), owned("y", 2_000, "started", "mallory")],
        stored,
        undefined,
        foreign,
      ).map((r) => r.event_id),
    ).toEqual(["y"]);
    expect(foreign.map((r) => r.event_id)).toEqual(["x"]);
  });

  it("keeps every row without `foreign` (the loader of test data)", () => {
    expect(
      markCalls([owned("s", 1_000, "started", "alice"), owned("x", 2_000, "completed", "mallory")], new Map()),
    ).toHaveLength(2);
  });
});
