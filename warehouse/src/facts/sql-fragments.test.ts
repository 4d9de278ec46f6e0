import { describe, expect, it } from "vitest";
import {
  emptyNarrowing,
  inIdSet,
  inSubquery,
  isFewIds,
  msRange,
  narrowTo,
  rowsFilter,
  sqlSubquery,
  subqueryLike,
  tenantCondition,
  tenantRangeConditions,
  whereAll,
} from "./sql-fragments";

describe("facts SQL fragments", () => {
  it("renders literal ids through the escaping function", () => {
    expect(inIdSet("response_id", ["a", "it's", "back\\slash"])).toBe(
      "response_id IN ('a', 'it\\'s', 'back\\\\slash')",
    );
  });

  it("renders an empty id list as a set that matches nothing", () => {
    expect(inIdSet("response_id", [])).toBe("response_id IN (NULL)");
  });

  it("splices only branded subqueries as SQL", () => {
    expect(inIdSet("session_id", sqlSubquery("SELECT session_id FROM t"))).toBe(
      "session_id IN (SELECT session_id FROM t)",
    );
  });

  it("runs a subquery of many ids once per query (GLOBAL IN), and others where the primary key can use their set", () => {
    expect(inIdSet("session_id", sqlSubquery("SELECT session_id FROM t", { many: true }))).toBe(
      "session_id GLOBAL IN (SELECT session_id FROM t)",
    );
    expect(inSubquery("(user_id, client_feedback_id)", sqlSubquery("SELECT 1, 2", { many: true }))).toBe(
      "(user_id, client_feedback_id) GLOBAL IN (SELECT 1, 2)",
    );
    expect(inSubquery("tool_call_id", sqlSubquery("SELECT 1", { few: true }))).toBe("tool_call_id IN (SELECT 1)");
  });

  it("gives a subquery derived from ids their size", () => {
    expect(subqueryLike(["r1"], "SELECT 1")).toMatchObject({ few: true, many: false });
    expect(subqueryLike(sqlSubquery("SELECT 2", { many: true }), "SELECT 1")).toMatchObject({ few: false, many: true });
    expect(subqueryLike(sqlSubquery("SELECT 2"), "SELECT 1")).toMatchObject({ few: false, many: false });
  });

  it("renders a half-open range, either bound optional, as integers", () => {
    expect(msRange("occurred_at_ms", 1000.7, 2000)).toEqual(["occurred_at_ms >= 1000", "occurred_at_ms < 2000"]);
    expect(msRange("occurred_at_ms", undefined, 5)).toEqual(["occurred_at_ms < 5"]);
    expect(msRange("occurred_at_ms")).toEqual([]);
    expect(() => msRange("occurred_at_ms", Number.NaN)).toThrow(RangeError);
  });

  it("bounds a tenant's range on the ms column and, widened to whole seconds, on the partitioning DateTime", () => {
    expect(tenantRangeConditions("t'1", 1_700_000_000_250, 1_700_000_360_750)).toEqual([
      "tenant_id = 't\\'1'",
      "occurred_at >= toDateTime(1700000000, 'UTC')",
      "occurred_at_ms >= 1700000000250",
      "occurred_at < toDateTime(1700000361, 'UTC')",
      "occurred_at_ms < 1700000360750",
    ]);
    expect(() => tenantRangeConditions("", 0, 1)).toThrow(RangeError);
  });

  it("requires a tenant and escapes it", () => {
    expect(tenantCondition("t'1")).toBe("tenant_id = 't\\'1'");
    expect(() => tenantCondition("")).toThrow(RangeError);
  });

  it("joins conditions, or nothing", () => {
    expect(whereAll([])).toBe("");
    expect(whereAll(["a = 1", "b = 2"])).toBe("WHERE a = 1 AND b = 2");
  });

  it("takes literal ids and subqueries marked few as few ids, other subqueries not", () => {
    expect(isFewIds(["r1"])).toBe(true);
    expect(isFewIds(sqlSubquery("SELECT response_id FROM t"))).toBe(false);
    expect(isFewIds(sqlSubquery("SELECT response_id FROM t", { few: true }))).toBe(true);
  });

  it("filters a tenant's rows with the few-id conditions as a PREWHERE and the rest as a WHERE", () => {
    expect(rowsFilter("t1", { fewIds: ["response_id IN ('r1')"], conditions: ["occurred_at_ms >= 5"] })).toBe(
      "PREWHERE response_id IN ('r1') WHERE tenant_id = 't1' AND occurred_at_ms >= 5",
    );
    expect(rowsFilter("t1", { fewIds: [], conditions: ["occurred_at_ms >= 5"] })).toBe(
      "WHERE tenant_id = 't1' AND occurred_at_ms >= 5",
    );
    expect(rowsFilter("t1", { fewIds: ["a IN (1)", "b IN (2)"], conditions: [] })).toBe(
      "PREWHERE a IN (1) AND b IN (2) WHERE tenant_id = 't1'",
    );
    expect(() => rowsFilter("", { fewIds: ["a IN (1)"], conditions: [] })).toThrow(RangeError);
  });

  it("narrows by few ids as a PREWHERE condition and by other ids as a WHERE condition", () => {
    const narrowing = emptyNarrowing();
    narrowTo(narrowing, ["r1"], "a IN ('r1')");
    narrowTo(narrowing, sqlSubquery("SELECT id FROM t"), "b IN (SELECT id FROM t)");
    narrowTo(narrowing, sqlSubquery("SELECT id FROM u", { few: true }), "c IN (SELECT id FROM u)");
    expect(narrowing).toEqual({
      fewIds: ["a IN ('r1')", "c IN (SELECT id FROM u)"],
      conditions: ["b IN (SELECT id FROM t)"],
    });
  });
});
