import { describe, expect, it } from "vitest";
import { rawReadSkipReason } from "./query-speed";

const DAY_MS = 24 * 3_600_000;
const week = { name: "7d", ms: 7 * DAY_MS };

describe("rawReadSkipReason", () => {
  it("starts the first range's read, with nothing to go by", () => {
    expect(rawReadSkipReason(undefined, { ms: 90 * DAY_MS }, 180)).toBeUndefined();
  });

  it("starts a read the shorter range's rate keeps within the limit", () => {
    // 13 s for 7 days: 90 days at that rate is 167 s.
    expect(rawReadSkipReason({ range: week, p50Ms: 13_000 }, { ms: 90 * DAY_MS }, 180)).toBeUndefined();
  });

  it("leaves out a read the shorter range's rate puts past the limit, saying by how much", () => {
    // Session 29's figures: 106 s for 7 days.
    expect(rawReadSkipReason({ range: week, p50Ms: 105_926 }, { ms: 90 * DAY_MS }, 180)).toBe(
      "not run: at the 7d read's rate (106 s) it would take about 1362 s, past the 180 s limit",
    );
  });
});
