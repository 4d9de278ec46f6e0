import { z } from "zod";
import { orderedRange, rangeShape } from "./query-range";
import { COMPARABLE_METRICS } from "./compare-metrics";

/** Response dimensions of metrics-v1.md: the only names that may become SQL identifiers from a request. */
export const DIMENSIONS = [
  "model",
  "provider",
  "channel",
  "chat_type",
  "session_type",
  "language",
  "user_segment",
  "query_category",
  "prompt_version",
  "bot_version",
  "tool_used",
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export const BUCKETS = ["5m", "hour", "day"] as const;
export type Bucket = (typeof BUCKETS)[number];

/** Every read is for one tenant and a half-open time range [from, to). */
export const RangeQuerySchema = z.object(rangeShape).refine(...orderedRange);

/** `<dimension>=<value>` filters: OR within a dimension, AND across dimensions. */
export const FiltersSchema = z.partialRecord(z.enum(DIMENSIONS), z.array(z.string().min(1).max(256)).min(1).max(100));
export type Filters = z.output<typeof FiltersSchema>;

export const MetricsQuerySchema = z
  .object({
    ...rangeShape,
    filters: FiltersSchema.default({}),
    groupBy: z.array(z.enum(DIMENSIONS)).max(DIMENSIONS.length).default([]),
    bucket: z.enum(BUCKETS).optional(),
  })
  .refine(...orderedRange);
export type MetricsQueryInput = z.input<typeof MetricsQuerySchema>;
export type MetricsQuery = z.output<typeof MetricsQuerySchema>;

export const OUTCOME_LABELS = ["excellent", "good", "neutral", "bad", "failed", "pending"] as const;
export type OutcomeLabel = (typeof OUTCOME_LABELS)[number];

/** One row of GET /api/v1/metrics: every Phase 1 and Phase 2 metric by its metrics-v1.md name; rates are null on a 0 denominator. */
export interface MetricsRow {
  bucket_start?: string;
  dims: Partial<Record<Dimension, string>>;
  response_count: number;
  latency_p50_ms: number | null;
  latency_p95_ms: number | null;
  latency_p99_ms: number | null;
  max_iteration_hit_rate: number | null;
  no_reply_rate: number | null;
  error_rate: number | null;
  avg_iteration_count: number | null;
  avg_tool_count: number | null;
  avg_total_tokens: number | null;
  tool_success_rate: number | null;
  tool_calls_unfinished: number;
  feedback_coverage: number | null;
  thumbs_up_rate: number | null;
  thumbs_down_rate: number | null;
  reask_rate: number | null;
  followup_rate: number | null;
  good_answer_rate: number | null;
  one_turn_resolution_rate: number | null;
  outcome_counts: Record<OutcomeLabel, number>;
  /** The denominator of every rate and mean above, so a reader can mark small samples. */
  sample_sizes: Record<SampledMetric, number>;
}

/** Means over responses: a sum over a count, reported with their count but not compared between versions. */
export const MEAN_METRICS = ["avg_iteration_count", "avg_tool_count", "avg_total_tokens"] as const;

/** Metrics of a row that are a ratio, each with its denominator in `sample_sizes`. */
export const SAMPLED_METRICS = [...COMPARABLE_METRICS, ...MEAN_METRICS] as const;
export type SampledMetric = (typeof SAMPLED_METRICS)[number];

export { InstantSchema, TenantIdSchema } from "./query-range";
