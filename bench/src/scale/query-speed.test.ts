import { describe, expect, it } from "vitest";
import { rawReadSkipReason } from "./query-speed";

const DAY_MS = 24 * 3_600_000;
const day = { name: "24h", ms: DAY_MS };
const week = { name: "7d", ms: 7 * DAY_MS };

describe("rawReadSkipReason", () => {
  it("starts the first range's read, with nothing to go by", () => {
    expect(rawReadSkipReason(undefined, { ms: 90 * DAY_MS }, 180)).toBeUndefined();
  });

  it("starts a read that the shorter one's time, grown with the square root of the range, keeps within the limit", () => {
    // Measured at 10 M: 27 s for 24 hours, and the 7-day read then took 102 s, within the limit.
    expect(rawReadSkipReason({ range: day, p50Ms: 26_923 }, week, 180)).toBeUndefined();
  });

  it("leaves out a read that the shorter one's time puts past the limit, saying by how much", () => {
    // Measured at 10 M: 106 s for 7 days, and a 90-day read then ran 1,000 s past the limit.
    expect(rawReadSkipReason({ range: week, p50Ms: 105_926 }, { ms: 90 * DAY_MS }, 180)).toBe(
      "not run: the 7d read took 106 s, so this one would take at least about 380 s, past the 180 s limit",
    );
  });

  it("leaves out a read whose shorter range's read did not finish", () => {
    expect(
      rawReadSkipReason({ range: week, failed: "Timeout exceeded: elapsed 180.2 seconds" }, { ms: 90 * DAY_MS }, 180),
    ).toBe("not run: the 7d read did not finish (Timeout exceeded: elapsed 180.2 seconds)");
  });
});
