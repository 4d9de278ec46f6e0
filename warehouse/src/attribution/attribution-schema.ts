import { ATTRIBUTION_CATALOG, FIGURE_STATUSES, type AttributionMetricName } from "@answerscope/contracts/metrics";
import { z } from "zod";
import { LabelsBlockSchema } from "../label-freshness/freshness-schema";
import { FigureSchema } from "./figure";

// The answer of GET /api/v1/attribution. Each figure's description is its catalog definition
// (contracts/src/metrics/attribution.ts), so the OpenAPI document says what docs/metrics.md says.

const described = (name: AttributionMetricName) => {
  const definition = ATTRIBUTION_CATALOG[name];
  return `${definition.label}: ${definition.numerator} / ${definition.denominator}. Minimum sample ${definition.minSample}. Time: ${definition.time}. Slices: ${definition.slices}.`;
};
const count = z.number().int().nullable().describe("null when labels cover none of the range");

export const RecoveryFigureSchema = FigureSchema.extend({
  negatives: count.describe("negative answers in the range"),
  no_next_answer: count.describe("negative answers whose window closed without a follow-up"),
  pending: count.describe("negative answers whose window is open, or whose follow-up's label is not final"),
});

export const TokensFigureSchema = FigureSchema.extend({
  answers: z.number().int().describe("answers in the range (after filters)"),
  pending: count.describe("answers whose label is not final (their tokens are left out)"),
});

export const AbandonmentFigureSchema = FigureSchema.extend({
  answers: count.describe("answers labelled bad or neutral in the range"),
  pending: count.describe("of those, the ones whose left-with answer's window is open (or not yet labelled)"),
});

/** Reads ratings, not labels: never labels_unavailable. */
export const SeverityFigureSchema = FigureSchema.extend({
  rated_down: z.number().int().describe("answers whose current rating by their owner is down, with a severity or not"),
});

/** One side of a tool's comparison: the good-answer rate of judged answers, with its Wilson 95 % interval. */
export const ToolSideSchema = FigureSchema.extend({
  ci_low: z.number().nullable().describe("Wilson 95 % interval of value; null whenever value is"),
  ci_high: z.number().nullable(),
});

export const ToolHelpfulnessRowSchema = z.object({
  tool_name: z.string(),
  query_category: z.string(),
  used: ToolSideSchema.describe("judged answers of the category whose tools_used_names holds the tool"),
  not_used: ToolSideSchema.describe("judged answers of the same category whose tools_used_names does not"),
  difference: z.number().nullable().describe("used.value - not_used.value; null unless both are ok"),
});

export const LatencyBucketSchema = z.object({
  from_ms: z.number().int().describe("time_cost_ms at least this"),
  to_ms: z.number().int().nullable().describe("and below this; null for the open last bucket"),
  answers: z.number().int(),
  thumbs_down_rate: FigureSchema.describe("rated down / rated, in the bucket"),
  good_answer_rate: FigureSchema.describe("excellent or good / final labels, in the bucket"),
});

export const RankCorrelationSchema = z.object({
  rho: z.number().nullable().describe("Spearman's rank correlation with time_cost_ms; null unless status is ok"),
  n: z.number().int().nullable().describe("its sample size; null when labels cover none of the range"),
  status: z.enum(FIGURE_STATUSES),
});

export const AttributionResultSchema = z.object({
  recover_after_negative_rate: RecoveryFigureSchema.describe(described("recover_after_negative_rate")),
  tokens_per_positive_answer: TokensFigureSchema.describe(described("tokens_per_positive_answer")),
  abandonment_rate: AbandonmentFigureSchema.describe(described("abandonment_rate")),
  down_rating_severity: SeverityFigureSchema.describe(
    `${described("down_rating_severity")} Reads no label: computed whatever the labels' coverage.`,
  ),
  repeated_down_rate: FigureSchema.describe(
    `${described("repeated_down_rate")} Reads no label: computed whatever the labels' coverage.`,
  ),
  tool_helpfulness_rate_by_name: z
    .array(ToolHelpfulnessRowSchema)
    .describe(`${described("tool_helpfulness_rate_by_name")} One row per tool and category where it was used.`),
  latency_vs_feedback_correlation: z
    .object({
      buckets: z.array(LatencyBucketSchema).describe("every bucket, in order, empty ones included"),
      thumbs_down: RankCorrelationSchema.describe("over rated answers: down 1, up 0"),
      good_answer: RankCorrelationSchema.describe("over answers with a final label: excellent or good 1, else 0"),
    })
    .describe(described("latency_vs_feedback_correlation")),
  labels: LabelsBlockSchema,
});
export type AttributionResult = z.output<typeof AttributionResultSchema>;
