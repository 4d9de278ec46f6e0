import { durationMs } from "../duration";
import { BASELINE_WINDOW, dayAgoWindow } from "../metric-names";
import type { ExporterConfig } from "./config";

/** A half-open range of event time [fromMs, toMs) and the `window` label it is reported under. */
export interface TimeWindow {
  name: string;
  fromMs: number;
  toMs: number;
}

const DAY_MS = 86_400_000;

export interface WindowPlan {
  short: { name: string; ms: number }[];
  baselineMs: number;
}

export function windowPlan(config: Pick<ExporterConfig, "EXPORTER_WINDOWS" | "EXPORTER_BASELINE">): WindowPlan {
  const short = [...new Set(config.EXPORTER_WINDOWS)]
    .map((name) => ({ name, ms: durationMs(name) }))
    .sort((a, b) => a.ms - b.ms);
  return { short, baselineMs: durationMs(config.EXPORTER_BASELINE) };
}

/**
 * The short windows ending at `endMs`, and the baseline: the `baselineMs` before the longest
 * short window, so a spike never raises its own baseline.
 */
export function rateWindows(plan: WindowPlan, endMs: number): TimeWindow[] {
  const longest = Math.max(...plan.short.map((window) => window.ms));
  return [
    ...plan.short.map((window) => ({ name: window.name, fromMs: endMs - window.ms, toMs: endMs })),
    { name: BASELINE_WINDOW, fromMs: endMs - longest - plan.baselineMs, toMs: endMs - longest },
  ];
}

/** Rate windows plus each short window one day earlier, for volume comparisons (traffic has a daily cycle). */
export function volumeWindows(plan: WindowPlan, endMs: number): TimeWindow[] {
  return [
    ...rateWindows(plan, endMs),
    ...plan.short.map((window) => ({
      name: dayAgoWindow(window.name),
      fromMs: endMs - DAY_MS - window.ms,
      toMs: endMs - DAY_MS,
    })),
  ];
}

/** The smallest range covering every window: what a query must read. */
export function spanOf(windows: readonly TimeWindow[]): { fromMs: number; toMs: number } {
  return { fromMs: Math.min(...windows.map((w) => w.fromMs)), toMs: Math.max(...windows.map((w) => w.toMs)) };
}

const FIVE_MINUTES_MS = 300_000;

/**
 * metrics_5m holds whole 5-minute buckets, so a window read from it starts at the bucket that
 * contains its start: it covers between its length and 5 minutes more, the same for every window,
 * so a window and its day-ago twin stay comparable.
 */
export function bucketAligned(window: TimeWindow): TimeWindow {
  return { ...window, fromMs: Math.floor(window.fromMs / FIVE_MINUTES_MS) * FIVE_MINUTES_MS };
}
