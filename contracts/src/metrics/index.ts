// Browser-safe entry point of the metric catalog (`@answerscope/contracts/metrics`): plain data
// and types, no zod, no Node modules, so the dashboard's bundle can import it.
export { COUNT_SOURCES, METRIC_COUNT_NAMES, METRIC_COUNTS } from "./counts";
export type { CountOf, CountSource, MetricCount } from "./counts";
export {
  ALERTABLE_METRICS,
  COMPARABLE_METRICS,
  COUNT_METRICS,
  MEAN_METRICS,
  METRIC_CATALOG,
  METRIC_NAMES,
  QUANTILE_METRICS,
  RATE_METRICS,
  SAMPLED_METRICS,
  SMALL_SAMPLE,
  metricDefinition,
} from "./catalog";
export type {
  AlertableMetricName,
  ComparableMetricName,
  CountMetric,
  CountMetricName,
  MeanMetricName,
  MetricDefinition,
  MetricFormat,
  MetricKind,
  MetricName,
  MetricUnit,
  QuantileMetric,
  QuantileMetricName,
  RateMetricName,
  RatioMetric,
  SampledMetricName,
} from "./catalog";
export { ATTRIBUTION_CATALOG, ATTRIBUTION_METRICS, FIGURE_STATUSES, LATENCY_BUCKET_EDGES_MS } from "./attribution";
export type { AttributionDefinition, AttributionMetricName, FigureStatus } from "./attribution";
