import { describe, expect, it } from "vitest";
import { outcomeRollupDimension } from "./label-counts-rollup";

describe("outcomeRollupDimension", () => {
  it("answers what the Phase 1 rollup answers, a dimension filtered to one value or grouped by", () => {
    expect(outcomeRollupDimension({ filters: {} }, { groupBy: [] })).toBe("");
    expect(outcomeRollupDimension({ filters: {} }, { groupBy: ["model"], bucket: "day" })).toBe("model");
    expect(outcomeRollupDimension({ filters: { channel: ["web"] } }, { groupBy: [], bucket: "hour" })).toBe("channel");
    expect(outcomeRollupDimension({ filters: { model: ["a", "b"] } }, { groupBy: ["model"] })).toBe("model");
  });

  it("leaves a row that mixes several values of its dimension to the label rows", () => {
    // A session's first response among models a and b is not the first of either model.
    expect(outcomeRollupDimension({ filters: { model: ["a", "b"] } }, { groupBy: [] })).toBeUndefined();
    expect(outcomeRollupDimension({ filters: { channel: ["web"] } }, { groupBy: ["model"] })).toBeUndefined();
    expect(outcomeRollupDimension({ filters: {} }, { groupBy: [], bucket: "5m" })).toBeUndefined();
  });
});
