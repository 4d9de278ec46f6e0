import { describe, expect, it } from "vitest";
import {
  formatCorrelation,
  formatCount,
  formatDuration,
  formatInterval,
  formatPointDifference,
  formatPValue,
  formatRate,
  formatTimestamp,
  formatTimeTick,
  MISSING,
  truncate,
} from "./format";

describe("formatRate", () => {
  it("shows a share as a percentage with one decimal", () => {
    expect(formatRate(0.4567)).toBe("45.7%");
    expect(formatRate(0)).toBe("0.0%");
    expect(formatRate(1)).toBe("100.0%");
    expect(formatRate(0.12345, 2)).toBe("12.35%");
  });
  it("never shows an unknown rate (zero denominator) as 0", () => {
    expect(formatRate(null)).toBe(MISSING);
    expect(formatRate(undefined)).toBe(MISSING);
    expect(formatRate(Number.NaN)).toBe(MISSING);
  });
});

describe("formatInterval", () => {
  it("shows both ends in percent", () => {
    expect(formatInterval(0.412, 0.5)).toBe("41.2–50.0%");
    expect(formatInterval(0, 1)).toBe("0.0–100.0%");
  });
  it("is missing when either end is", () => {
    expect(formatInterval(null, 0.5)).toBe(MISSING);
    expect(formatInterval(0.1, null)).toBe(MISSING);
  });
});

describe("formatPointDifference", () => {
  it("signs a difference of rates in percentage points", () => {
    expect(formatPointDifference(0.031)).toBe("+3.1 pp");
    expect(formatPointDifference(-0.0249)).toBe("−2.5 pp");
    expect(formatPointDifference(0)).toBe("±0.0 pp");
    // Rounds to zero: no sign that claims a direction.
    expect(formatPointDifference(-0.00001)).toBe("±0.0 pp");
    expect(formatPointDifference(null)).toBe(MISSING);
  });
});

describe("formatCorrelation", () => {
  it("signs a rank correlation to two decimals; unknown is the dash, never 0", () => {
    expect(formatCorrelation(0.10505)).toBe("+0.11");
    expect(formatCorrelation(-0.0221)).toBe("−0.02");
    // Rounds to zero: no sign that claims a direction.
    expect(formatCorrelation(-0.0000233)).toBe("±0.00");
    expect(formatCorrelation(null)).toBe(MISSING);
  });
});

describe("formatDuration", () => {
  it("picks the precision a reader needs", () => {
    expect(formatDuration(0)).toBe("0 ms");
    expect(formatDuration(850)).toBe("850 ms");
    expect(formatDuration(999.6)).toBe("1000 ms");
    expect(formatDuration(1250)).toBe("1.25 s");
    expect(formatDuration(12_300)).toBe("12.3 s");
    expect(formatDuration(60_000)).toBe("1 min");
    expect(formatDuration(125_000)).toBe("2 min 5 s");
    expect(formatDuration(3_600_000)).toBe("1 h");
    expect(formatDuration(3_720_000)).toBe("1 h 2 min");
  });
  it("is missing for unknown durations", () => {
    expect(formatDuration(null)).toBe(MISSING);
  });
});

describe("other figures", () => {
  it("groups counts", () => {
    expect(formatCount(12345)).toBe("12,345");
    expect(formatCount(null)).toBe(MISSING);
  });
  it("states p-values without false precision", () => {
    expect(formatPValue(0.0321)).toBe("p = 0.032");
    expect(formatPValue(0.0004)).toBe("p < 0.001");
  });
  it("shows instants in UTC whatever the machine's zone", () => {
    expect(formatTimestamp("2026-11-30T10:00:05.123Z")).toBe("2026-11-30 10:00:05 UTC");
    expect(formatTimestamp("not a time")).toBe(MISSING);
  });
  it("ticks time axes by the span shown", () => {
    const t = Date.parse("2026-11-30T10:05:00Z");
    expect(formatTimeTick(t, 3600_000)).toBe("10:05");
    expect(formatTimeTick(t, 3 * 24 * 3600_000)).toBe("Nov 30 10:05");
    expect(formatTimeTick(t, 30 * 24 * 3600_000)).toBe("Nov 30");
  });
  it("truncates long text with an ellipsis", () => {
    expect(truncate("abcdef", 4)).toBe("abc…");
    expect(truncate("abc", 4)).toBe("abc");
    expect(truncate(null, 4)).toBe("");
  });
});
