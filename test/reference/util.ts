import type { QuantileMethod } from "./types";

/** Epoch milliseconds of an RFC 3339 timestamp (any zone). */
export function ms(iso: string): number {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) throw new Error(`reference: unparseable timestamp ${JSON.stringify(iso)}`);
  return t;
}

export function iso(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

/** Plain code-unit string order (equals byte order for the ASCII ids the data set uses). */
export function cmpStr(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Order by (occurred ms, event_id): the last element is the "latest, ties greatest event_id". */
export function cmpTimeThenId(a: { t: number; event_id: string }, b: { t: number; event_id: string }): number {
  return a.t - b.t || cmpStr(a.event_id, b.event_id);
}

export function ratio(num: number, den: number): number | null {
  return den === 0 ? null : num / den;
}

export function mean(values: number[]): number | null {
  if (values.length === 0) return null;
  let s = 0;
  for (const v of values) s += v;
  return s / values.length;
}

/**
 * Quantile of a list.
 * - 'linear' (default): sorted x, h = (n-1)*q, x[floor h] + (h - floor h) * (x[floor h + 1] - x[floor h])
 *   (R-7, numpy default; what ClickHouse quantile()/quantiles() return while they hold every value, n <= 8192).
 * - 'exact_floor': x[min(n-1, floor(q*n))] (ClickHouse quantileExact).
 * Empty list: null.
 */
export function quantile(values: number[], q: number, method: QuantileMethod = "linear"): number | null {
  const n = values.length;
  if (n === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  if (method === "exact_floor") return s[Math.min(n - 1, Math.floor(q * n))]!;
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(n - 1, lo + 1);
  return s[lo]! + (h - lo) * (s[hi]! - s[lo]!);
}

export const BUCKET_MS = { "5m": 5 * 60_000, hour: 3_600_000, day: 86_400_000 } as const;

export function bucketStart(t: number, bucket: keyof typeof BUCKET_MS): number {
  const size = BUCKET_MS[bucket];
  return Math.floor(t / size) * size;
}
