import {
  COMPARABLE_METRICS,
  METRIC_CATALOG,
  type ComparableMetricName,
  type MetricFormat,
  type MetricName,
} from "@answerscope/contracts/metrics";
import { formatCount, formatDuration, formatMean, formatRate } from "./format";

// The dashboard reads labels, denominators, formats and which way is better from the contract's
// browser-safe metric catalog (docs/metrics.md): a new rate appears here without an edit.
export { COMPARABLE_METRICS, SMALL_SAMPLE } from "@answerscope/contracts/metrics";
export { OUTCOME_LABELS } from "@answerscope/contracts/vocabularies";
export type { OutcomeLabel } from "@answerscope/contracts/vocabularies";

/** The rates that can be compared (a count over a count). */
export type RateMetric = ComparableMetricName;

export interface RateDefinition {
  label: string;
  /** What the rate divides by, as a reader would say it; shown next to the sample size. */
  denominator: string;
  /** Whether a rise is good news: colours a difference in the comparison. */
  higherIsBetter: boolean;
}

export const RATES = Object.fromEntries(
  COMPARABLE_METRICS.map((metric) => {
    const definition = METRIC_CATALOG[metric];
    return [
      metric,
      {
        label: definition.label,
        denominator: definition.denominatorLabel,
        higherIsBetter: definition.better === "higher",
      },
    ];
  }),
) as Record<RateMetric, RateDefinition>;

/** The effect dashboard's headline rates, outcome labels first. */
export const EFFECT_RATES = [
  "good_answer_rate",
  "one_turn_resolution_rate",
  "thumbs_down_rate",
  "reask_rate",
  "feedback_coverage",
] as const satisfies readonly RateMetric[];
/** The diagnostics dashboard's rates. */
export const DIAGNOSTIC_RATES = [
  "error_rate",
  "max_iteration_hit_rate",
  "no_reply_rate",
  "tool_success_rate",
] as const satisfies readonly RateMetric[];

const FORMATTERS: Record<MetricFormat, (value: number | null | undefined) => string> = {
  percent: formatRate,
  duration: formatDuration,
  integer: formatCount,
  decimal: formatMean,
};

/** A metric's name as a reader sees it (a KPI, a column header). */
export const metricLabel = (metric: MetricName): string => METRIC_CATALOG[metric].label;
/** A metrics-row figure in the catalog's format: 0.123 → "12.3%", 1250 → "1.25 s", null → "—". */
export const formatMetric = (metric: MetricName, value: number | null | undefined): string =>
  FORMATTERS[METRIC_CATALOG[metric].format](value);
