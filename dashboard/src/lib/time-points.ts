import type { MetricsRow } from "./api-types";
import type { RateMetric } from "./metrics-catalog";
import { sampleSizeOf } from "./sample-size";

/** A bucketed metrics answer as chart points: value per key, and the sample size per rate where known. */
export function timePoints<K extends string>(
  rows: MetricsRow[],
  read: Record<K, (row: MetricsRow) => number | null>,
  rates: Partial<Record<K, RateMetric>> = {},
) {
  return rows
    .filter((row) => row.bucket_start)
    .map((row) => {
      const values: Record<string, number | null> = {};
      const n: Record<string, number | null> = {};
      for (const key of Object.keys(read) as K[]) {
        values[key] = read[key](row);
        const rate = rates[key];
        if (rate) n[key] = sampleSizeOf(row, rate);
      }
      return { t: Date.parse(row.bucket_start!), values, n };
    })
    .sort((a, b) => a.t - b.t);
}
