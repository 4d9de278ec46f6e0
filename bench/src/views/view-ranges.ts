const HOUR_MS = 3_600_000;

/** The ranges each view is timed over, ending at the data set's end, with the goal (stated at 10 M responses). */
export const VIEW_RANGES = [
  { name: "24 h", hours: 24, goal_ms: 1000 },
  { name: "90 d", hours: 90 * 24, goal_ms: 2000 },
] as const;
export type ViewRange = (typeof VIEW_RANGES)[number];

/** A range as the dashboard's custom range (whole hours, as its links carry them). */
export function rangeParams(range: ViewRange, endMs: number): { from: string; to: string } {
  const to = Math.floor(endMs / HOUR_MS) * HOUR_MS;
  return { from: new Date(to - range.hours * HOUR_MS).toISOString(), to: new Date(to).toISOString() };
}
