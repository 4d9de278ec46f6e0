import { describe, expect, it } from "vitest";
import {
  bucketPoints,
  defaultBucket,
  describeRange,
  MAX_CHART_POINTS,
  parseInstant,
  readableBucket,
  resolveRange,
} from "./time-range";

describe("time ranges", () => {
  it("ends a preset at the next 5-minute boundary, so reloads ask the same question", () => {
    const now = Date.parse("2026-11-30T10:02:31Z");
    const range = resolveRange({ kind: "preset", preset: "24h" }, now);
    expect(range.to).toBe("2026-11-30T10:05:00.000Z");
    expect(range.from).toBe("2026-11-29T10:05:00.000Z");
    expect(resolveRange({ kind: "preset", preset: "24h" }, now + 60_000)).toEqual(range);
  });
  it("keeps a custom range as given", () => {
    expect(
      resolveRange({ kind: "custom", from: "2026-11-30T08:00:00.000Z", to: "2026-11-30T09:00:00.000Z" }, 0),
    ).toMatchObject({ from: "2026-11-30T08:00:00.000Z", to: "2026-11-30T09:00:00.000Z" });
  });
  it("buckets a range into a readable number of points", () => {
    expect(defaultBucket({ fromMs: 0, toMs: 6 * 3600_000 })).toBe("5m");
    expect(defaultBucket({ fromMs: 0, toMs: 9 * 3600_000 })).toBe("hour");
    expect(defaultBucket({ fromMs: 0, toMs: 24 * 3600_000 })).toBe("hour");
    expect(defaultBucket({ fromMs: 0, toMs: 30 * 24 * 3600_000 })).toBe("day");
  });
  it("describes a range in words", () => {
    expect(describeRange({ kind: "preset", preset: "7d" })).toBe("Last 7 days");
    expect(describeRange({ kind: "custom", from: "2026-11-30T08:00:00.000Z", to: "2026-11-30T09:30:00.000Z" })).toBe(
      "2026-11-30 08:00 – 2026-11-30 09:30 UTC",
    );
  });
  it("never picks a default bucket past the readable number of points (up to 200 days: no bucket is larger than a day)", () => {
    for (const hours of [1, 6, 7, 24, 96, 97, 24 * 30, 24 * 200]) {
      const range = { fromMs: 0, toMs: hours * 3600_000 };
      expect(bucketPoints(range, defaultBucket(range)), `${hours} h`).toBeLessThanOrEqual(MAX_CHART_POINTS);
    }
  });
  it("caps a bucket to the smallest that gives at most MAX_CHART_POINTS points", () => {
    const days = (n: number) => ({ fromMs: 0, toMs: n * 24 * 3600_000 });
    expect(readableBucket(days(30), "5m")).toBe("day");
    expect(readableBucket(days(4), "5m")).toBe("hour");
    expect(readableBucket(days(4), "hour")).toBe("hour");
    expect(readableBucket(days(7), "hour")).toBe("hour");
    expect(readableBucket(days(9), "hour")).toBe("day");
    expect(readableBucket({ fromMs: 0, toMs: 200 * 5 * 60_000 }, "5m")).toBe("5m");
    expect(readableBucket({ fromMs: 0, toMs: 200 * 5 * 60_000 + 1 }, "5m")).toBe("hour");
    // Past 200 days not even a day per point fits: the largest bucket, never a finer one.
    expect(readableBucket(days(400), "5m")).toBe("day");
    expect(readableBucket(days(400), "day")).toBe("day");
  });
  it("reads an instant only as RFC 3339 (or a date) writes it", () => {
    expect(parseInstant("2026-11-30T08:00:00Z")).toBe(Date.parse("2026-11-30T08:00:00Z"));
    expect(parseInstant("2026-11-30T08:00Z")).toBe(Date.parse("2026-11-30T08:00:00Z"));
    expect(parseInstant("2026-11-30T10:00:00.250+02:00")).toBe(Date.parse("2026-11-30T08:00:00.250Z"));
    expect(parseInstant("2026-11-30T23:30:00-02:00")).toBe(Date.parse("2026-12-01T01:30:00Z"));
    expect(parseInstant("2026-11-30")).toBe(Date.parse("2026-11-30T00:00:00Z"));
    for (const text of [
      "1",
      "garbage",
      "2026-11-30T08:00",
      "2026-02-30",
      "2026-11-30T08:00:00 Z",
      "30/11/2026",
      "2026-11-30T25:00Z",
      "",
    ])
      expect(parseInstant(text), text).toBeNull();
  });
});
