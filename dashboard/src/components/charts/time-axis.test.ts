import { describe, expect, it } from "vitest";
import { BUCKET_MS } from "../../lib/time-range";
import { shownBucket, TICK_SPACING_PX, tickLabel, timeTicks } from "./time-axis";

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const at = (iso: string) => Date.parse(iso);

describe("timeTicks", () => {
  it.each([
    ["1 hour", HOUR],
    ["24 hours", DAY],
    ["7 days", 7 * DAY],
    ["30 days", 30 * DAY],
    ["90 days", 90 * DAY],
  ])("gives %s at 500 px several ticks, kept apart, at round UTC times inside the range", (_, span) => {
    const fromMs = at("2026-11-07T13:07:00Z");
    const toMs = fromMs + span;
    const { ticks, stepMs } = timeTicks(fromMs, toMs, 500);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(ticks.length).toBeLessThanOrEqual(Math.floor(500 / TICK_SPACING_PX) + 1);
    expect(ticks.every((tick) => tick >= fromMs && tick <= toMs && tick % stepMs === 0)).toBe(true);
  });

  it("labels midnight with the date and other ticks with the time of day", () => {
    expect(tickLabel(at("2026-12-05T00:00:00Z"), 6 * HOUR)).toBe("Dec 5");
    expect(tickLabel(at("2026-12-05T18:00:00Z"), 6 * HOUR)).toBe("18:00");
    expect(tickLabel(at("2026-12-05T00:00:00Z"), 7 * DAY)).toBe("Dec 5");
  });
});

describe("shownBucket", () => {
  const fromMs = at("2026-12-05T13:07:00Z");
  const toMs = at("2026-12-05T17:30:00Z");
  it("marks the buckets the range cuts, and places each mark in the middle of its part inside the range", () => {
    const first = shownBucket(at("2026-12-05T13:00:00Z"), BUCKET_MS.hour, fromMs, toMs);
    expect(first).toMatchObject({ partial: true, fromMs, toMs: at("2026-12-05T14:00:00Z") });
    expect(first.midMs).toBe((fromMs + at("2026-12-05T14:00:00Z")) / 2);
    expect(shownBucket(at("2026-12-05T14:00:00Z"), BUCKET_MS.hour, fromMs, toMs).partial).toBe(false);
    expect(shownBucket(at("2026-12-05T16:00:00Z"), BUCKET_MS.hour, fromMs, toMs).partial).toBe(false);
    expect(shownBucket(at("2026-12-05T17:00:00Z"), BUCKET_MS.hour, fromMs, toMs)).toMatchObject({
      partial: true,
      toMs,
    });
  });
});
