import { z } from "zod";
import { orderedRange, rangeShape } from "./query-range";
import {
  BUCKETS,
  DIMENSIONS,
  FINAL_LABELS,
  GOOD_OR_BETTER_LABELS,
  OUTCOME_LABELS,
  type Bucket,
  type Dimension,
  type OutcomeLabel,
} from "@answerscope/contracts/vocabularies";
import {
  MEAN_METRICS,
  SAMPLED_METRICS,
  type CountMetricName,
  type MetricName,
  type SampledMetricName,
} from "@answerscope/contracts/metrics";

/** Response dimensions and buckets of docs/metrics.md (the contract's vocabularies): the only names that may become SQL identifiers from a request. */
export { BUCKETS, DIMENSIONS, FINAL_LABELS, GOOD_OR_BETTER_LABELS, OUTCOME_LABELS };
export type { Bucket, Dimension, OutcomeLabel };

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

/** One row of GET /api/v1/metrics: every metric of the catalog by its name (counts, then nullable figures: a rate is null on a 0 denominator), the outcome counts and the sample sizes. */
export type MetricsRow = {
  bucket_start?: string;
  dims: Partial<Record<Dimension, string>>;
  outcome_counts: Record<OutcomeLabel, number>;
  /** The denominator of every rate and mean, so a reader can mark small samples. */
  sample_sizes: Record<SampledMetric, number>;
} & Record<CountMetricName, number> &
  Record<Exclude<MetricName, CountMetricName>, number | null>;

/** Means over responses: a sum over a count, reported with their count but not compared between versions. */
export { MEAN_METRICS, SAMPLED_METRICS };
export type SampledMetric = SampledMetricName;

export { InstantSchema, TenantIdSchema } from "./query-range";
