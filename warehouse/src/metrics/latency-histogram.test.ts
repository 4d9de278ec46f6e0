import { describe, expect, it } from "vitest";
import { bucketValue, histogramQuantile, latencyBucket } from "./latency-histogram";

/** R-7 on the raw values: what the histogram must approximate. */
function exactQuantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const h = (sorted.length - 1) * q;
  const low = Math.floor(h);
  return sorted[low]! + (h - low) * (sorted[Math.ceil(h)]! - sorted[low]!);
}

function histogramOf(values: number[]) {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(latencyBucket(value), (counts.get(latencyBucket(value)) ?? 0) + 1);
  return { buckets: [...counts.keys()], counts: [...counts.values()] };
}

describe("latency histogram", () => {
  it("keeps every value within 0.5 % of its bucket's middle", () => {
    for (const ms of [1, 2, 3, 7, 10, 99, 100, 101, 1234, 59_999, 600_000, 3_600_000, 86_400_000]) {
      expect(Math.abs(bucketValue(latencyBucket(ms)) - ms) / ms).toBeLessThanOrEqual(0.005);
    }
    expect(latencyBucket(0)).toBe(0);
    expect(bucketValue(0)).toBe(0);
  });

  it("answers quantiles within 1 % of R-7 on small and skewed sets", () => {
    const sets = [
      [100, 1000],
      [5],
      [0, 0, 10],
      [120, 250, 250, 900, 4000, 30_000],
      Array.from({ length: 5000 }, (_, i) => Math.round(50 + ((i * 7919) % 20_000))),
    ];
    for (const values of sets) {
      const { buckets, counts } = histogramOf(values);
      for (const q of [0.5, 0.95, 0.99]) {
        const exact = exactQuantile(values, q);
        const approx = histogramQuantile(buckets, counts, q)!;
        expect(Math.abs(approx - exact)).toBeLessThanOrEqual(Math.max(0.01 * exact, 1e-9));
      }
    }
  });

  it("ignores retracted (zero or negative) counts and is null when empty", () => {
    expect(histogramQuantile([10, 20], [0, 0], 0.5)).toBeNull();
    expect(histogramQuantile([], [], 0.5)).toBeNull();
    const b = latencyBucket(500);
    expect(histogramQuantile([b, latencyBucket(9000)], [2, 0], 0.99)).toBeCloseTo(bucketValue(b));
  });
});
