import { shownBucket, type ShownBucket } from "./time-axis";
import type { SeriesSpec, TimePoint } from "./time-series";

/** One bucket as both time charts draw it: where it sits, whether it is partial, and its values. */
export interface TimeRow extends ShownBucket {
  /** Where its mark sits on the x axis: the middle of its part inside the range. */
  x: number;
  values: Record<string, number | null>;
  n: Record<string, number | null>;
}

export function timeRows(
  points: TimePoint[],
  series: SeriesSpec[],
  bucketMs: number,
  fromMs: number,
  toMs: number,
): TimeRow[] {
  return points.map((point) => {
    const bucket = shownBucket(point.t, bucketMs, fromMs, toMs);
    const values: Record<string, number | null> = {};
    const n: Record<string, number | null> = {};
    for (const spec of series) {
      values[spec.key] = point.values[spec.key] ?? null;
      n[spec.key] = point.n?.[spec.key] ?? null;
    }
    return { ...bucket, x: bucket.midMs, values, n };
  });
}
