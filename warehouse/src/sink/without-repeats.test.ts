import { describe, expect, it } from "vitest";
import { RowKeySet, withoutRepeats } from "./without-repeats";

const KEY = ["tenant_id", "tool_call_id", "event_id"] as const;
const row = (tenant_id: string, tool_call_id: string, event_id: string, note = "") => ({
  tenant_id,
  tool_call_id,
  event_id,
  note,
});

describe("withoutRepeats", () => {
  it("keeps the first row of each whole key, in order", () => {
    const rows = [
      row("t", "c1", "e1", "first"),
      row("t", "c1", "e2"),
      row("t", "c1", "e1", "copy"),
      row("t", "c2", "e3"),
    ];
    expect(withoutRepeats(rows, KEY)).toEqual([
      row("t", "c1", "e1", "first"),
      row("t", "c1", "e2"),
      row("t", "c2", "e3"),
    ]);
  });

  it("keeps rows that share the last column but differ in another one (another tenant, another call)", () => {
    const rows = [
      row("t1", "c1", "e1"),
      row("t2", "c1", "e1"),
      row("t1", "c2", "e1"),
      row("t2", "c1", "e1", "copy"),
      row("t1", "c2", "e1", "copy"),
    ];
    expect(withoutRepeats(rows, KEY)).toEqual([row("t1", "c1", "e1"), row("t2", "c1", "e1"), row("t1", "c2", "e1")]);
  });

  it("does not take a separator inside a value for a column boundary", () => {
    // Joined keys with a separator would make these two the same key if a value held it.
    const rows = [row("t\u0000c", "x", "e"), row("t", "c\u0000x", "e")];
    expect(withoutRepeats(rows, KEY)).toHaveLength(2);
  });

  it("compares values as strings, as the lookup's keys are", () => {
    const rows = [
      { tenant_id: "t", reason: "r", dedup_key: 1 },
      { tenant_id: "t", reason: "r", dedup_key: "1" },
    ];
    expect(withoutRepeats(rows, ["tenant_id", "reason", "dedup_key"])).toHaveLength(1);
  });

  it("returns nothing for no rows", () => {
    expect(withoutRepeats([], KEY)).toEqual([]);
  });
});

describe("RowKeySet (the stored keys the checks drop rows by)", () => {
  it("has a row only when every column of its key matches one added", () => {
    const stored = new RowKeySet<ReturnType<typeof row>>(KEY);
    expect(stored.add(row("t", "c1", "e1"))).toBe(true);
    expect(stored.add(row("t", "c1", "e1", "copy"))).toBe(false);
    expect(stored.has(row("t", "c1", "e1", "other note"))).toBe(true);
    expect(stored.has(row("t", "c2", "e1"))).toBe(false);
    expect(stored.has(row("u", "c1", "e1"))).toBe(false);
    expect(stored.has(row("t", "c1", "e2"))).toBe(false);
  });

  it("does not take a separator inside a value for a column boundary", () => {
    const stored = new RowKeySet<ReturnType<typeof row>>(KEY);
    stored.add(row("t", "a\u0000b", "e"));
    expect(stored.has(row("t", "a", "b\u0000e"))).toBe(false);
    expect(stored.has(row("t", "a\u0000b", "e"))).toBe(true);
  });
});
