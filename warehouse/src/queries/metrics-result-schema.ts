import { METRIC_CATALOG, METRIC_NAMES, type CountMetricName, type MetricName } from "@answerscope/contracts/metrics";
import { z } from "zod";
import { DIMENSIONS, OUTCOME_LABELS, SAMPLED_METRICS, type MetricsRow } from "./query-input";

const rate = (what: string) => z.number().nullable().describe(`${what}; null when the denominator is 0`);
const mean = (what: string) => z.number().nullable().describe(`${what}; null without responses`);

type FigureSchemas = { [K in MetricName]: K extends CountMetricName ? z.ZodNumber : z.ZodNullable<z.ZodNumber> };

/** Each metric's schema, from its catalog entry: a count is an integer, any other figure a number or null. */
const figures = Object.fromEntries(
  METRIC_NAMES.map((name) => {
    const { kind, description } = METRIC_CATALOG[name];
    return [name, kind === "count" ? z.number().int() : kind === "rate" ? rate(description) : mean(description)];
  }),
) as FigureSchemas;

/** The published shape of a metrics row (for the OpenAPI document); MetricsRow, which queryMetrics returns, must stay assignable to it. */
export const MetricsRowSchema = z.object({
  bucket_start: z.iso.datetime().optional().describe("start of the time bucket (UTC), present with bucket"),
  dims: z.partialRecord(z.enum(DIMENSIONS), z.string()).describe("the grouped dimensions' values"),
  ...figures,
  outcome_counts: z.record(z.enum(OUTCOME_LABELS), z.number().int()),
  sample_sizes: z
    .record(z.enum(SAMPLED_METRICS), z.number().int())
    .describe("the denominator of each rate and mean of the row"),
});
export const MetricsResultSchema = z.object({ rows: z.array(MetricsRowSchema) });

// Compile-time guard: the lead's MetricsRow interface and this schema describe the same row.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const metricsRowMatches: Exact<MetricsRow, z.output<typeof MetricsRowSchema>> = true;
void metricsRowMatches;
