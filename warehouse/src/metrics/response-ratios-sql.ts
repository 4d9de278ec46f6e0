import {
  METRIC_CATALOG,
  METRIC_COUNTS,
  METRIC_NAMES,
  QUANTILE_METRICS,
  type MetricCount,
} from "@answerscope/contracts/metrics";
import { SUM_COLUMNS, type SumColumn } from "./sum-columns";

// The catalog's figures that read response facts alone, as one GROUP BY over those facts computes
// them: the benchmark's baseline without the views (the route itself divides summed view columns,
// query-metrics.ts). Declared here from the catalog and the sum columns, so a new rate over
// response sums appears in the baseline without an edit.

const isResponseSum = (count: MetricCount): count is SumColumn => METRIC_COUNTS[count].source === "responses";
const sumSql = (counts: readonly SumColumn[]): string => counts.map((count) => SUM_COLUMNS[count]).join(" + ");

/** `<numerator> / <denominator> AS <metric>` for every rate and mean whose counts are all response sums, in the row's order. */
export function responseRatioColumnsSql(): string[] {
  return METRIC_NAMES.flatMap((name) => {
    const definition = METRIC_CATALOG[name];
    if (definition.kind !== "rate" && definition.kind !== "mean") return [];
    const { numerator, denominator } = definition;
    if (![...numerator, ...denominator].every(isResponseSum)) return [];
    return [
      `(${sumSql(numerator as readonly SumColumn[])}) / (${sumSql(denominator as readonly SumColumn[])}) AS ${name}`,
    ];
  });
}

/** The catalog's latency quantiles, exact, as one array column (in QUANTILE_METRICS' order). */
export const exactQuantilesSql = (column: string): string =>
  `quantiles(${QUANTILE_METRICS.map((name) => METRIC_CATALOG[name].q).join(", ")})(${column})`;
