// Reference implementation of docs/metrics.md over a raw event list (see README.md).
export type * from "./types";
export { RESPONSE_DIMENSIONS, RATE_METRICS, MEAN_METRICS } from "./types";
export { classifyQuery } from "./classify";
export { reasonCodeOf, REASON_CODES } from "./reason-code";
export { referenceMetrics, rowStatsFromState, rateParts, type RowStats } from "./metrics";
export { referenceLabels } from "./labels";
export {
  referenceAttribution,
  attributionFromState,
  spearmanRho,
  averageRanks,
  ATTRIBUTION_MIN_SAMPLE,
  LATENCY_EDGES_MS,
  type AttributionQuery,
  type RefAttribution,
} from "./attribution";
export { referenceTools } from "./tools";
export { referenceFeedbackTargets } from "./feedback";
export { referenceCompare, MIN_DENOMINATOR } from "./compare";
export {
  buildTenantState,
  dedupEvents,
  decideLabel,
  isReask,
  REASK_PHRASES,
  FOLLOWUP_WINDOW_MS,
  type TenantState,
  type NormResponse,
  type ReducedToolCall,
  type CurrentFeedback,
} from "./state";
export { wilson, twoProportionZTest, normalCdf, Z95 } from "./stats";
export { quantile } from "./util";
export {
  generateEdgeCaseDataset,
  prng,
  DATASET_RANGE,
  DATASET_TENANTS,
  type EdgeCaseDataset,
  type EdgeCaseDatasetOptions,
} from "./dataset";
export { scenario, allScenarios, type Scenario } from "./scenarios";
export { EventBuilder } from "./builders";
export { diffMetricsRows, type DiffOptions } from "./diff";
export { validateEvent } from "./validate";
