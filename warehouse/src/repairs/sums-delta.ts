import { emptySums, type ResponseSums } from "../metrics/response-sums";
import { LATENCY_HISTOGRAM_COLUMN, SUM_COLUMN_NAMES } from "../metrics/sum-columns";
import { sqlValue } from "../sql/escape";

/** `truth - stored`, figure by figure and histogram bucket by bucket (zero buckets left out). */
export function subtractSums(truth: ResponseSums, stored: ResponseSums): ResponseSums {
  const histogram = new Map(truth.histogram);
  for (const [bucket, count] of stored.histogram) histogram.set(bucket, (histogram.get(bucket) ?? 0) - count);
  for (const [bucket, count] of histogram) if (count === 0) histogram.delete(bucket);
  const delta = { histogram } as ResponseSums;
  for (const counter of SUM_COLUMN_NAMES) delta[counter] = truth[counter] - stored[counter];
  return delta;
}

export const isZeroSums = (sums: ResponseSums): boolean =>
  sums.histogram.size === 0 && SUM_COLUMN_NAMES.every((counter) => sums[counter] === 0);

/** Adds `sums` into `into` (the histogram too). */
export function addSums(into: ResponseSums, sums: ResponseSums): void {
  for (const counter of SUM_COLUMN_NAMES) into[counter] += sums[counter];
  for (const [bucket, count] of sums.histogram) into.histogram.set(bucket, (into.histogram.get(bucket) ?? 0) + count);
}

/**
 * The rows to add to a table of signed sums so that it holds `truth`: per key, truth minus
 * what it holds, for keys on either side; keys already right are left out.
 */
export function sumsDeltas<K>(
  truth: ReadonlyMap<string, { key: K; sums: ResponseSums }>,
  stored: ReadonlyMap<string, { key: K; sums: ResponseSums }>,
) {
  const deltas: { key: K; sums: ResponseSums }[] = [];
  for (const id of new Set([...truth.keys(), ...stored.keys()])) {
    const entry = truth.get(id) ?? stored.get(id)!;
    const sums = subtractSums(truth.get(id)?.sums ?? emptySums(), stored.get(id)?.sums ?? emptySums());
    if (!isZeroSums(sums)) deltas.push({ key: entry.key, sums });
  }
  return deltas;
}

/**
 * The SELECT expressions that turn one row of plain figures into the views' aggregate states
 * (the column names of metrics_5m and metrics_1h_by_dimension).
 */
export function sumStateExpressions(sums: ResponseSums): string[] {
  const histogram = [...sums.histogram].sort(([a], [b]) => a - b);
  const buckets = histogram.length
    ? `CAST([${histogram.map(([bucket]) => sqlValue(Math.trunc(bucket))).join(", ")}] AS Array(UInt16))`
    : "emptyArrayUInt16()";
  const counts = histogram.length
    ? `CAST([${histogram.map(([, count]) => sqlValue(Math.trunc(count))).join(", ")}] AS Array(Int64))`
    : "emptyArrayInt64()";
  const state = (value: number, column: string) => `sumState(toInt64(${sqlValue(Math.trunc(value))})) AS ${column}`;
  return [
    ...SUM_COLUMN_NAMES.map((column) => state(sums[column], column)),
    `sumMapState(${buckets}, ${counts}) AS ${LATENCY_HISTOGRAM_COLUMN}`,
  ];
}
