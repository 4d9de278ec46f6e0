import { describe, expect, it } from "vitest";
import { dataWindowEndingAt } from "./data-shape";
import { scaleCountsFor, type LoadReport } from "./load-scale-data";
import { withLoadTimesOf } from "./loaded-data-set";
import type { ScaleSection } from "./scale-section";

const window = dataWindowEndingAt(Date.UTC(2026, 11, 1, 12, 5));
const counts = scaleCountsFor(10_000_000);
const unknown = { responses: Number.NaN, toolCallEvents: Number.NaN, feedbackEvents: Number.NaN };
const reused: LoadReport & { window: typeof window } = { counts, seconds: unknown, metricsRows: 9_000_000, window };
const loadedSeconds = { responses: 300, toolCallEvents: 400, feedbackEvents: 20, labels: 120 };
const scaleOf = (load: Partial<LoadReport>, start = new Date(window.startMs).toISOString()) =>
  ({
    window: { start, end: new Date(window.endMs).toISOString() },
    load: { counts, seconds: loadedSeconds, metricsRows: 9_000_000, ...load },
  }) as ScaleSection;

describe("withLoadTimesOf", () => {
  it("takes the load times of the run that loaded this data set, and says which run that was", () => {
    const taken = withLoadTimesOf(reused, { scale: scaleOf({}), measuredAt: "2026-12-01T12:00:00Z" });
    expect(taken.seconds).toEqual(loadedSeconds);
    expect(taken.loadedByRunOf).toBe("2026-12-01T12:00:00Z");
    expect(taken.window).toEqual(window);
  });

  it("keeps the first loading run's date through later reuses", () => {
    const taken = withLoadTimesOf(reused, {
      scale: scaleOf({ loadedByRunOf: "2026-11-20T08:00:00Z" }),
      measuredAt: "2026-12-01T12:00:00Z",
    });
    expect(taken.loadedByRunOf).toBe("2026-11-20T08:00:00Z");
  });

  it("leaves them unknown for another data set: another window, other counts, or no earlier results", () => {
    expect(
      withLoadTimesOf(reused, {
        scale: scaleOf({}, new Date(window.startMs - 3_600_000).toISOString()),
        measuredAt: "x",
      }),
    ).toBe(reused);
    expect(withLoadTimesOf(reused, { scale: scaleOf({ counts: scaleCountsFor(1_000_000) }), measuredAt: "x" })).toBe(
      reused,
    );
    expect(withLoadTimesOf(reused, { scale: undefined, measuredAt: "x" })).toBe(reused);
    expect(withLoadTimesOf(reused, undefined)).toBe(reused);
  });
});
