import type { MetricsRow } from "./api-types";
import { SMALL_SAMPLE, type RateMetric } from "./metrics-catalog";

/** The denominator behind a rate of a metrics row, as the API reports it (`sample_sizes`). */
export function sampleSizeOf(row: MetricsRow, metric: RateMetric): number | null {
  return (row.sample_sizes as Partial<Record<RateMetric, number>>)[metric] ?? null;
}

/** Small samples are marked, never hidden. An unknown size is not called small. */
export const isSmallSample = (n: number | null): boolean => n !== null && n < SMALL_SAMPLE;
