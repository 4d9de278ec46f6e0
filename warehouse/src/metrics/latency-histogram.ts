/**
 * Latency as a histogram with logarithmic buckets 1 % wide, so it can be summed with
 * signs in a materialized view (a corrected response retracts its old latency, which
 * no quantile state allows) and still answer quantiles within 0.5 % of their value.
 *
 * Bucket 0 holds 0 ms; bucket i ≥ 1 holds [RATIO^(i-1), RATIO^i) ms.
 */
const RATIO = 1.01;
const LOG_RATIO = Math.log(RATIO);
const MAX_BUCKET = 65_535;

export function latencyBucket(ms: number): number {
  if (!(ms >= 1)) return 0;
  return Math.min(MAX_BUCKET, 1 + Math.floor(Math.log(ms) / LOG_RATIO + 1e-9));
}

/** latencyBucket in SQL, for a millisecond expression (`ms` is a constant of the caller, never a value). */
export const latencyBucketSql = (ms: string): string =>
  `toUInt16(if(${ms} >= 1, least(${MAX_BUCKET}, 1 + floor(log(${ms}) / log(${RATIO}) + 1e-9)), 0))`;

/** The geometric middle of a bucket: at most 0.5 % from any value in it. */
export function bucketValue(bucket: number): number {
  if (bucket <= 0) return 0;
  return RATIO ** (bucket - 0.5);
}

/**
 * Quantile q of the values a histogram counts, interpolated between order statistics
 * like R-7 (and ClickHouse's exact `quantile` on small sets), each order statistic read
 * as its bucket's middle. Null when the histogram counts nothing.
 */
export function histogramQuantile(buckets: readonly number[], counts: readonly number[], q: number): number | null {
  const entries = buckets
    .map((bucket, index) => ({ bucket, count: counts[index] ?? 0 }))
    .filter((entry) => entry.count > 0)
    .sort((a, b) => a.bucket - b.bucket);
  const total = entries.reduce((sum, entry) => sum + entry.count, 0);
  if (total === 0) return null;
  const orderStatistic = (k: number) => {
    let seen = 0;
    for (const entry of entries) {
      seen += entry.count;
      if (k < seen) return bucketValue(entry.bucket);
    }
    return bucketValue(entries[entries.length - 1]!.bucket);
  };
  const h = (total - 1) * q;
  const low = Math.floor(h);
  const lowValue = orderStatistic(low);
  return lowValue + (h - low) * (orderStatistic(Math.ceil(h)) - lowValue);
}
