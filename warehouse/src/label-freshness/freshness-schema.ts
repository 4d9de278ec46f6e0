import { z } from "zod";

/** Why labels are stale, most pressing first (label-freshness.ts decides). */
export const STALE_REASONS = ["evaluator_failing", "never_evaluated", "lagging"] as const;

/** A tenant's label freshness, as the API publishes it (GET /api/v1/labels/freshness, and in every answer with label-based figures). */
export const LabelFreshnessSchema = z.object({
  evaluated_through: z.iso
    .datetime()
    .nullable()
    .describe(
      "the evaluator's watermark: labels reflect every event ingested up to this time; null when the tenant's events were never evaluated",
    ),
  caught_up: z
    .boolean()
    .describe(
      "nothing was ingested after evaluated_through (or the tenant has no events): the labels are as current as the events",
    ),
  lag_seconds: z
    .number()
    .nullable()
    .describe("0 when caught_up, else the answer's time minus evaluated_through; null when never evaluated"),
  lag_limit_seconds: z
    .number()
    .describe(
      "a lag above this is stale: the 10-minute observation window plus the evaluator's settle time and interval",
    ),
  stale: z
    .boolean()
    .describe(
      "true when the evaluator's last run for the tenant failed, when it never evaluated the tenant's facts, or when lag_seconds passes lag_limit_seconds",
    ),
  stale_reason: z.enum(STALE_REASONS).nullable(),
  failing: z.boolean().describe("the evaluator's newest run for this tenant failed"),
  last_success_at: z.iso.datetime().nullable().describe("the evaluator's newest run that succeeded for this tenant"),
  last_error: z
    .object({
      at: z.iso.datetime(),
      message: z.string().describe("redacted: no quoted values, no secrets, at most 300 characters"),
    })
    .nullable()
    .describe(
      "the evaluator's newest failure for this tenant (kept after it recovers; `failing` says whether it is current)",
    ),
});
export type LabelFreshness = z.output<typeof LabelFreshnessSchema>;

/** How much of a requested range the labels cover; label-based figures are null when it is `none`. */
export const LABEL_COVERAGE = ["full", "partial", "none"] as const;

/** The `labels` block of an answer with label-based figures: the tenant's freshness and the range's coverage. */
export const LabelsBlockSchema = LabelFreshnessSchema.extend({
  coverage: z
    .enum(LABEL_COVERAGE)
    .describe(
      "full: caught_up; none: never evaluated, or evaluated_through at or before the range's start (no event of the range is labelled); partial otherwise (events ingested after evaluated_through, of any time, may be missing from the labels)",
    ),
  figures_unavailable: z
    .string()
    .nullable()
    .describe("why the label-based figures of this answer are null (coverage none); null when they were computed"),
});
export type LabelsBlock = z.output<typeof LabelsBlockSchema>;
