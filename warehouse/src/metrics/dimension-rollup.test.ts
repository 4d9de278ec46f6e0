import { describe, expect, it } from "vitest";
import { rollupDimension } from "./dimension-rollup";

describe("rollupDimension", () => {
  it("answers totals and one grouped or filtered dimension by hour or day", () => {
    expect(rollupDimension({ filters: {} }, { groupBy: [] })).toBe("");
    expect(rollupDimension({ filters: {} }, { groupBy: ["model"], bucket: "day" })).toBe("model");
    expect(rollupDimension({ filters: { channel: ["web"] } }, { groupBy: [], bucket: "hour" })).toBe("channel");
    expect(rollupDimension({ filters: { model: ["a", "b"] } }, { groupBy: ["model"] })).toBe("model");
  });

  it("leaves two dimensions and 5-minute buckets to metrics_5m", () => {
    expect(rollupDimension({ filters: { channel: ["web"] } }, { groupBy: ["model"] })).toBeUndefined();
    expect(rollupDimension({ filters: {} }, { groupBy: ["model", "channel"] })).toBeUndefined();
    expect(rollupDimension({ filters: {} }, { groupBy: [], bucket: "5m" })).toBeUndefined();
  });
});
