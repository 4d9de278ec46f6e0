import { sqlValue } from "@answerscope/warehouse";
import type { TimeWindow } from "../windows";

/**
 * SQL conditions for time windows. Column names are constants of the callers; every bound
 * goes through sqlValue like any other value.
 */
export function inWindowMs(column: string, window: Pick<TimeWindow, "fromMs" | "toMs">): string {
  return `(${column} >= ${sqlValue(Math.trunc(window.fromMs))} AND ${column} < ${sqlValue(Math.trunc(window.toMs))})`;
}

/** The same on a DateTime('UTC') column (second precision): what lets ClickHouse skip partitions and parts. */
export function inWindowTime(column: string, window: Pick<TimeWindow, "fromMs" | "toMs">): string {
  return `(${column} >= ${sqlValue(new Date(window.fromMs))} AND ${column} < ${sqlValue(new Date(Math.ceil(window.toMs / 1000) * 1000))})`;
}

/** `<aggregate>If(<args>, <condition of window i>) AS <prefix>_<i>` for each window: one pass reads every window. */
export function perWindow(
  windows: readonly TimeWindow[],
  prefix: string,
  aggregate: (condition: string) => string,
  condition: (window: TimeWindow) => string,
): string[] {
  return windows.map((window, index) => `${aggregate(condition(window))} AS ${prefix}_${index}`);
}

/** Reads the `<prefix>_<i>` columns of a row back into one number per window. */
export function windowValues(row: Record<string, unknown>, prefix: string, windows: readonly TimeWindow[]): number[] {
  return windows.map((_, index) => Number(row[`${prefix}_${index}`] ?? 0));
}
