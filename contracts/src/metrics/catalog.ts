import type { MetricCount } from "./counts";

// The metric catalog: every figure of a metrics row (docs/metrics.md), declared once. The warehouse
// divides rates and means by their `numerator` and `denominator` (sums of counts.ts's counts), the
// API's result schema, OpenAPI and /compare's list come from here, the exporter names the gauge
// of each alertable metric, the reference suite checks its own list against it. Browser-safe (no
// imports beyond this folder), so the dashboard can read labels and formats from it too.
// README.md in this folder: how to add a rate, and what a new sum column needs.

/** rate: a count over a count, 0..1; mean: a sum over a count; quantile: of a distribution; count: a plain count. */
export type MetricKind = "rate" | "mean" | "quantile" | "count";
export type MetricUnit = "ratio" | "ms" | "responses" | "tool calls" | "iterations" | "tokens";
/** How a reader sees the value: percent (0.123 → 12.3 %), duration (ms), integer, decimal. */
export type MetricFormat = "percent" | "duration" | "integer" | "decimal";

interface MetricBase {
  kind: MetricKind;
  /** Short name for a reader (a column header, a chart title). */
  label: string;
  /** What the figure is, as the API documents it. */
  description: string;
  unit: MetricUnit;
  format: MetricFormat;
  /** Below this many in the denominator the figure is a small sample (marked, never hidden; /compare: insufficient_data). */
  minSample: number;
  /** /compare can test it between two slices (a count over a count). */
  comparable: boolean;
  /** The exporter publishes it as a gauge that alert rules watch. */
  alertable: boolean;
  /** Whether a rise is good news (colours a difference); absent where neither is. */
  better?: "higher" | "lower";
}

export interface RatioMetric extends MetricBase {
  kind: "rate" | "mean";
  /** Summed counts over summed counts; null when the denominator is 0 (docs/metrics.md: never 0 for "no data"). */
  numerator: readonly MetricCount[];
  denominator: readonly MetricCount[];
  /** What the denominator counts, as a reader says it ("n = 42 rated responses"). */
  denominatorLabel: string;
}

export interface QuantileMetric extends MetricBase {
  kind: "quantile";
  /** The response field whose distribution it reads, and the quantile. */
  of: "time_cost_ms";
  q: number;
}

export interface CountMetric extends MetricBase {
  kind: "count";
}

export type MetricDefinition = RatioMetric | QuantileMetric | CountMetric;

/** docs/metrics.md: under 30 in the denominator a figure is too noisy to read as a change. */
export const SMALL_SAMPLE = 30;

// Generic in `alertable` and the denominator so that the catalog's type keeps them literal
// (AlertableMetricName reads the one, the exporter's samples gauges the other).
const rate = <const Alertable extends boolean, const Denominator extends readonly MetricCount[]>(
  numerator: MetricCount[],
  denominator: Denominator,
  definition: Pick<RatioMetric, "label" | "description" | "denominatorLabel" | "better"> & { alertable: Alertable },
) =>
  ({
    kind: "rate",
    numerator,
    denominator,
    unit: "ratio",
    format: "percent",
    minSample: SMALL_SAMPLE,
    comparable: true,
    ...definition,
  }) as const;
const mean = (
  numerator: MetricCount,
  unit: MetricUnit,
  label: string,
  description: string,
  format: MetricFormat = "decimal",
) =>
  ({
    kind: "mean",
    numerator: [numerator],
    denominator: ["responses"],
    denominatorLabel: "responses",
    unit,
    format,
    minSample: SMALL_SAMPLE,
    comparable: false,
    alertable: false,
    label,
    description,
  }) as const;
const latency = <const Alertable extends boolean>(q: number, alertable: Alertable) =>
  ({
    kind: "quantile",
    of: "time_cost_ms",
    q,
    unit: "ms",
    format: "duration",
    minSample: SMALL_SAMPLE,
    comparable: false,
    alertable,
    better: "lower",
    label: `Latency p${q * 100}`,
    description: `p${q * 100} of time_cost_ms (within 2 %)`,
  }) as const;

/** Every metric of a metrics row, in the row's order. */
export const METRIC_CATALOG = {
  response_count: {
    kind: "count",
    unit: "responses",
    format: "integer",
    minSample: 0,
    comparable: false,
    alertable: true,
    label: "Responses",
    description: "responses in the row",
  },
  latency_p50_ms: latency(0.5, false),
  latency_p95_ms: latency(0.95, true),
  latency_p99_ms: latency(0.99, false),
  max_iteration_hit_rate: rate(["max_iterations"], ["responses"], {
    label: "Max-iteration rate",
    description: "finish_reason max_iterations / responses",
    denominatorLabel: "responses",
    alertable: true,
    better: "lower",
  }),
  no_reply_rate: rate(["no_reply"], ["responses"], {
    label: "No-reply rate",
    description: "finish_reason no_reply / responses",
    denominatorLabel: "responses",
    alertable: true,
    better: "lower",
  }),
  error_rate: rate(["errors"], ["responses"], {
    label: "Error rate",
    description: "finish_reason error / responses",
    denominatorLabel: "responses",
    alertable: false,
    better: "lower",
  }),
  avg_iteration_count: mean("iterations", "iterations", "Avg iterations", "mean iteration_count"),
  avg_tool_count: mean("tools", "tool calls", "Avg tool calls", "mean tool_count"),
  // Shown whole: a tenth of a token tells a reader nothing (the API still answers the exact mean).
  avg_total_tokens: mean("tokens", "tokens", "Avg tokens", "mean total_tokens", "integer"),
  tool_success_rate: rate(["tools_completed"], ["tools_completed", "tools_failed"], {
    label: "Tool success rate",
    description: "completed / (completed + failed) reduced tool calls",
    denominatorLabel: "finished tool calls",
    alertable: true,
    better: "higher",
  }),
  tool_calls_unfinished: {
    kind: "count",
    unit: "tool calls",
    format: "integer",
    minSample: 0,
    comparable: false,
    alertable: false,
    label: "Unfinished tool calls",
    description: "started-only tool calls",
  },
  feedback_coverage: rate(["rated"], ["responses"], {
    label: "Feedback coverage",
    description: "responses with an explicit rating / responses",
    denominatorLabel: "responses",
    alertable: false,
    better: "higher",
  }),
  thumbs_up_rate: rate(["rated_up"], ["rated"], {
    label: "Thumbs-up rate",
    description: "rated up / rated",
    denominatorLabel: "rated responses",
    alertable: false,
    better: "higher",
  }),
  thumbs_down_rate: rate(["rated_down"], ["rated"], {
    label: "Thumbs-down rate",
    description: "rated down / rated",
    denominatorLabel: "rated responses",
    alertable: true,
    better: "lower",
  }),
  reask_rate: rate(["reasks"], ["window_closed"], {
    label: "Re-ask rate",
    description: "re-ask follow-ups / closed windows",
    denominatorLabel: "responses with a closed window",
    alertable: true,
    better: "lower",
  }),
  followup_rate: rate(["followups"], ["window_closed"], {
    label: "Follow-up rate",
    description: "follow-ups / closed windows",
    denominatorLabel: "responses with a closed window",
    alertable: false,
    better: "lower",
  }),
  good_answer_rate: rate(["good_or_better"], ["final"], {
    label: "Good-answer rate",
    description: "excellent or good / final labels",
    denominatorLabel: "labeled responses",
    alertable: true,
    better: "higher",
  }),
  one_turn_resolution_rate: rate(["sessions_resolved"], ["sessions_final"], {
    label: "One-turn resolution",
    description: "sessions resolved in one turn / sessions whose first response is final",
    denominatorLabel: "sessions with a final first answer",
    alertable: false,
    better: "higher",
  }),
} as const satisfies Record<string, MetricDefinition>;

type Catalog = typeof METRIC_CATALOG;
export type MetricName = keyof Catalog;
type NamesWhere<Shape> = { [K in MetricName]: Catalog[K] extends Shape ? K : never }[MetricName];
export type RateMetricName = NamesWhere<{ kind: "rate" }>;
export type MeanMetricName = NamesWhere<{ kind: "mean" }>;
export type QuantileMetricName = NamesWhere<{ kind: "quantile" }>;
export type CountMetricName = NamesWhere<{ kind: "count" }>;
export type ComparableMetricName = NamesWhere<{ comparable: true }>;
export type AlertableMetricName = NamesWhere<{ alertable: true }>;

const names = Object.keys(METRIC_CATALOG) as MetricName[];
const where = <N extends MetricName>(test: (definition: MetricDefinition) => boolean) =>
  names.filter((name) => test(METRIC_CATALOG[name])) as N[];

/** Every metric name, in the row's order. */
export const METRIC_NAMES: readonly MetricName[] = names;
export const RATE_METRICS = where<RateMetricName>((definition) => definition.kind === "rate");
export const MEAN_METRICS = where<MeanMetricName>((definition) => definition.kind === "mean");
export const QUANTILE_METRICS = where<QuantileMetricName>((definition) => definition.kind === "quantile");
export const COUNT_METRICS = where<CountMetricName>((definition) => definition.kind === "count");
/** The rates /compare tests, in the row's order. */
export const COMPARABLE_METRICS = where<ComparableMetricName>((definition) => definition.comparable);
export const ALERTABLE_METRICS = where<AlertableMetricName>((definition) => definition.alertable);
/** Figures that are a ratio, each with its denominator in a row's `sample_sizes`: the rates, then the means. */
export const SAMPLED_METRICS = [...COMPARABLE_METRICS, ...MEAN_METRICS] as const;
export type SampledMetricName = ComparableMetricName | MeanMetricName;

export const metricDefinition = <N extends MetricName>(name: N): Catalog[N] => METRIC_CATALOG[name];
