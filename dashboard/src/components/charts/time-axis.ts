const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Tick steps a reader counts in: whole minutes, hours and days, never 7:13. */
const STEPS = [
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
  14 * DAY,
  30 * DAY,
];

/** Room one tick label needs ("Dec 12" or "18:00" at 12 px, plus a gap). */
export const TICK_SPACING_PX = 64;

/**
 * Ticks of a time axis from `fromMs` to `toMs` drawn `widthPx` wide: the smallest step of
 * STEPS that keeps labels apart, at UTC multiples of that step, so any range (an hour or 30
 * days) gets several readable ticks rather than one, and two charts of one range get the same ones.
 */
export function timeTicks(fromMs: number, toMs: number, widthPx: number): { ticks: number[]; stepMs: number } {
  const span = Math.max(1, toMs - fromMs);
  const most = Math.max(2, Math.floor(widthPx / TICK_SPACING_PX));
  const stepMs = STEPS.find((step) => span / step <= most) ?? Math.ceil(span / most / DAY) * DAY;
  const ticks: number[] = [];
  for (let tick = Math.ceil(fromMs / stepMs) * stepMs; tick <= toMs; tick += stepMs) ticks.push(tick);
  return { ticks, stepMs };
}

const pad = (value: number) => String(value).padStart(2, "0");

/** A tick's label: the date at a UTC midnight or for steps of days, else the time of day (UTC). */
export function tickLabel(ms: number, stepMs: number): string {
  const date = new Date(ms);
  if (stepMs >= DAY || ms % DAY === 0)
    return `${date.toLocaleString("en-US", { month: "short", timeZone: "UTC" })} ${date.getUTCDate()}`;
  return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/** One bucket as drawn: the part of it inside the range, and whether the range cuts it. */
export interface ShownBucket {
  /** The bucket's start as the API sent it. */
  t: number;
  /** The part inside the range: where a bar starts and ends, and where a point sits (its middle). */
  fromMs: number;
  toMs: number;
  midMs: number;
  /**
   * The range starts after the bucket's start or ends before its end: its figures cover less time
   * than a full bucket, so a lower count there is no drop.
   */
  partial: boolean;
}

export function shownBucket(t: number, bucketMs: number, rangeFromMs: number, rangeToMs: number): ShownBucket {
  const fromMs = Math.max(t, rangeFromMs);
  const toMs = Math.min(t + bucketMs, rangeToMs);
  return { t, fromMs, toMs, midMs: (fromMs + toMs) / 2, partial: fromMs > t || toMs < t + bucketMs };
}

/** What a legend and a caption say about partial buckets, once for every time chart. */
export const PARTIAL_NOTE = "partial bucket: the range cuts it, so it covers less time";
