import { describe, expect, it } from "vitest";
import { EventBuilder } from "./builders";
import { FIX_RANGE, fixtureEvents } from "./fixture";
import { referenceTools } from "./tools";

const EV = fixtureEvents();

describe("referenceTools", () => {
  it("per tool over every reduced call in range (fixture)", () => {
    const { rows } = referenceTools(EV, { tenant_id: "t1", ...FIX_RANGE });
    expect(rows).toEqual([
      {
        tool_name: "http",
        calls: 1,
        completed: 1,
        failed: 0,
        unfinished: 0,
        error_rate: 0,
        duration_p95_ms: 50,
        top_error_categories: [],
      },
      {
        tool_name: "kubectl",
        calls: 1,
        completed: 1,
        failed: 0,
        unfinished: 0,
        error_rate: 0,
        duration_p95_ms: 10000,
        top_error_categories: [],
      },
      {
        tool_name: "search",
        calls: 2,
        completed: 1,
        failed: 0,
        unfinished: 1,
        error_rate: 0,
        duration_p95_ms: 10000,
        top_error_categories: [],
      },
      {
        tool_name: "sql",
        calls: 2,
        completed: 0,
        failed: 2,
        unfinished: 0,
        error_rate: 1,
        duration_p95_ms: 10000, // tc7 (terminal only, no duration_ms) has no duration
        top_error_categories: [
          { category: "timeout", count: 1 },
          { category: "upstream", count: 1 },
        ],
      },
    ]);
  });
  it("response-dimension filters keep only calls of matching in-range responses, whatever the call time", () => {
    const { rows } = referenceTools(EV, { tenant_id: "t1", ...FIX_RANGE, filters: { model: ["m2"] } });
    expect(rows.map((r) => [r.tool_name, r.calls, r.unfinished])).toEqual([
      // tc4 and tc6 (rH's; tc6's first event is before the range)
      ["http", 2, 0],
      ["search", 1, 1],
    ]);
  });
  it("tool_name filter", () => {
    const { rows } = referenceTools(EV, { tenant_id: "t1", ...FIX_RANGE, filters: { tool_name: ["sql"] } });
    expect(rows.map((r) => r.tool_name)).toEqual(["sql"]);
  });
  it("error_rate null when no call finished; p95 over known durations; categories by count", () => {
    const e = new EventBuilder();
    const evs = [
      e.tool("a", "started", 0, { tool_name: "x" }),
      ...[1, 2, 3, 4].flatMap((i) => [
        e.tool(`f${i}`, "failed", i, { tool_name: "y", error_category: i === 4 ? "b" : "a", duration_ms: i * 100 }),
      ]),
      e.tool("f5", "failed", 5, { tool_name: "y", duration_ms: 500 }), // no category
    ];
    const { rows } = referenceTools(evs, {
      tenant_id: "t1",
      from: "2026-11-30T00:00:00.000Z",
      to: "2026-12-01T00:00:00.000Z",
    });
    expect(rows[0]).toMatchObject({ tool_name: "x", calls: 1, unfinished: 1, error_rate: null, duration_p95_ms: null });
    expect(rows[1]).toMatchObject({ tool_name: "y", calls: 5, failed: 5, error_rate: 1, duration_p95_ms: 480 });
    expect(rows[1]!.top_error_categories).toEqual([
      { category: "a", count: 3 },
      { category: "b", count: 1 },
    ]);
  });
  it("time of a call is its first event: a call started before `from` is out", () => {
    const e = new EventBuilder();
    const evs = [e.tool("a", "started", -1), e.tool("a", "completed", 5)];
    expect(
      referenceTools(evs, { tenant_id: "t1", from: "2026-11-30T10:00:00.000Z", to: "2026-11-30T11:00:00.000Z" }).rows,
    ).toEqual([]);
  });
});
