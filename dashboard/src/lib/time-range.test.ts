import { describe, expect, it } from "vitest";
import { defaultBucket, describeRange, resolveRange } from "./time-range";

describe("time ranges", () => {
  it("ends a preset at the next 5-minute boundary, so reloads ask the same question", () => {
    const now = Date.parse("2026-11-30T10:02:31Z");
    const range = resolveRange({ kind: "preset", preset: "24h" }, now);
    expect(range.to).toBe("2026-11-30T10:05:00.000Z");
    expect(range.from).toBe("2026-11-29T10:05:00.000Z");
    expect(resolveRange({ kind: "preset", preset: "24h" }, now + 60_000)).toEqual(range);
  });
  it("keeps a custom range as given", () => {
    expect(resolveRange({ kind: "custom", from: "2026-11-30T08:00:00.000Z", to: "2026-11-30T09:00:00.000Z" }, 0)).toMatchObject({ from: "2026-11-30T08:00:00.000Z", to: "2026-11-30T09:00:00.000Z" });
  });
  it("buckets a range into a readable number of points", () => {
    expect(defaultBucket({ fromMs: 0, toMs: 6 * 3600_000 })).toBe("5m");
    expect(defaultBucket({ fromMs: 0, toMs: 9 * 3600_000 })).toBe("hour");
    expect(defaultBucket({ fromMs: 0, toMs: 24 * 3600_000 })).toBe("hour");
    expect(defaultBucket({ fromMs: 0, toMs: 30 * 24 * 3600_000 })).toBe("day");
  });
  it("describes a range in words", () => {
    expect(describeRange({ kind: "preset", preset: "7d" })).toBe("Last 7 days");
    expect(describeRange({ kind: "custom", from: "2026-11-30T08:00:00.000Z", to: "2026-11-30T09:30:00.000Z" })).toBe("2026-11-30 08:00 – 2026-11-30 09:30 UTC");
  });
});
