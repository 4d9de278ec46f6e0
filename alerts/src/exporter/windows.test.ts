import { describe, expect, it } from "vitest";
import { bucketAligned, rateWindows, spanOf, volumeWindows, windowPlan } from "./windows";

const NOW = Date.parse("2026-12-01T10:02:30Z");

describe("exporter windows", () => {
  const plan = windowPlan({ EXPORTER_WINDOWS: ["1h", "5m", "5m"], EXPORTER_BASELINE: "1d" });

  it("ends short windows now and puts the baseline before the longest one", () => {
    const windows = rateWindows(plan, NOW);
    expect(windows.map((w) => w.name)).toEqual(["5m", "1h", "baseline"]);
    expect(windows[0]).toEqual({ name: "5m", fromMs: NOW - 300_000, toMs: NOW });
    expect(windows[2]).toEqual({ name: "baseline", fromMs: NOW - 3_600_000 - 86_400_000, toMs: NOW - 3_600_000 });
  });

  it("adds day-ago twins for volumes and spans them all", () => {
    const windows = volumeWindows(plan, NOW);
    expect(windows.map((w) => w.name)).toEqual(["5m", "1h", "baseline", "5m_1d_ago", "1h_1d_ago"]);
    expect(spanOf(windows)).toEqual({ fromMs: NOW - 3_600_000 - 86_400_000, toMs: NOW });
  });

  it("aligns a window's start to its 5-minute bucket", () => {
    expect(bucketAligned({ name: "5m", fromMs: NOW - 300_000, toMs: NOW }).fromMs).toBe(
      Date.parse("2026-12-01T09:55:00Z"),
    );
  });
});
