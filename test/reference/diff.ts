// Comparison of the API's metric rows with the reference's, with the tolerance rules of the check:
// quantiles within 2 % relative, everything else equal (floats up to 1e-9 relative, for
// summation-order noise), null exactly where the reference has null.
import type { MetricsRow } from "./types";

const QUANTILE_FIELDS = new Set(["latency_p50_ms", "latency_p95_ms", "latency_p99_ms", "duration_p95_ms"]);

export interface DiffOptions {
  quantileTolerance?: number;
  epsilon?: number;
}

function rowKey(r: { bucket_start?: string; dims: Record<string, string> }): string {
  const b = r.bucket_start === undefined ? "" : String(Date.parse(r.bucket_start));
  const dims = Object.keys(r.dims)
    .sort()
    .map((k) => `${k}=${r.dims[k]}`)
    .join("&");
  return `${b}|${dims}`;
}

function diffValue(path: string, expected: unknown, actual: unknown, o: Required<DiffOptions>, out: string[]): void {
  if (expected === null || expected === undefined || actual === null || actual === undefined) {
    if (expected !== actual) out.push(`${path}: expected ${expected}, got ${actual}`);
    return;
  }
  if (typeof expected === "number" && typeof actual === "number") {
    const field = path.split(".").pop()!;
    const tol = QUANTILE_FIELDS.has(field) ? o.quantileTolerance : o.epsilon;
    const scale = Math.max(Math.abs(expected), Math.abs(actual));
    if (Math.abs(expected - actual) > tol * scale) out.push(`${path}: expected ${expected}, got ${actual}`);
    return;
  }
  if (typeof expected === "object" && typeof actual === "object") {
    for (const k of Object.keys(expected)) {
      diffValue(
        `${path}.${k}`,
        (expected as Record<string, unknown>)[k],
        (actual as Record<string, unknown>)[k],
        o,
        out,
      );
    }
    return;
  }
  if (expected !== actual) out.push(`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

/**
 * Differences between reference rows and actual rows (matched by bucket instant + dims, order
 * ignored). Only the reference's fields are compared (extra fields in `actual` are ignored);
 * bucket_start is compared as an instant. Empty list = equal.
 */
export function diffMetricsRows(reference: MetricsRow[], actual: MetricsRow[], opts: DiffOptions = {}): string[] {
  const o = { quantileTolerance: opts.quantileTolerance ?? 0.02, epsilon: opts.epsilon ?? 1e-9 };
  const out: string[] = [];
  const act = new Map(actual.map((r) => [rowKey(r), r]));
  const seen = new Set<string>();
  for (const r of reference) {
    const k = rowKey(r);
    seen.add(k);
    const a = act.get(k);
    if (!a) {
      out.push(`row ${k}: missing`);
      continue;
    }
    const { bucket_start: _b, dims: _d, ...fields } = r;
    diffValue(`row ${k}`, fields, a, o, out);
  }
  for (const k of act.keys()) if (!seen.has(k)) out.push(`row ${k}: unexpected`);
  return out;
}
