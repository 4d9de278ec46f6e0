import { z } from "zod";
import { DIMENSIONS, OUTCOME_LABELS, SAMPLED_METRICS, type MetricsRow } from "./query-input";

const rate = (what: string) => z.number().nullable().describe(`${what}; null when the denominator is 0`);
const mean = (what: string) => z.number().nullable().describe(`${what}; null without responses`);

/** The published shape of a metrics row (for the OpenAPI document); MetricsRow, which queryMetrics returns, must stay assignable to it. */
export const MetricsRowSchema = z.object({
  bucket_start: z.iso.datetime().optional().describe("start of the time bucket (UTC), present with bucket"),
  dims: z.partialRecord(z.enum(DIMENSIONS), z.string()).describe("the grouped dimensions' values"),
  response_count: z.number().int(),
  latency_p50_ms: mean("p50 of time_cost_ms (within 2 %)"),
  latency_p95_ms: mean("p95 of time_cost_ms (within 2 %)"),
  latency_p99_ms: mean("p99 of time_cost_ms (within 2 %)"),
  max_iteration_hit_rate: rate("finish_reason max_iterations / responses"),
  no_reply_rate: rate("finish_reason no_reply / responses"),
  error_rate: rate("finish_reason error / responses"),
  avg_iteration_count: mean("mean iteration_count"),
  avg_tool_count: mean("mean tool_count"),
  avg_total_tokens: mean("mean total_tokens"),
  tool_success_rate: rate("completed / (completed + failed) reduced tool calls"),
  tool_calls_unfinished: z.number().int(),
  feedback_coverage: rate("responses with an explicit rating / responses"),
  thumbs_up_rate: rate("rated up / rated"),
  thumbs_down_rate: rate("rated down / rated"),
  reask_rate: rate("re-ask follow-ups / closed windows"),
  followup_rate: rate("follow-ups / closed windows"),
  good_answer_rate: rate("excellent or good / final labels"),
  one_turn_resolution_rate: rate("sessions resolved in one turn / sessions whose first response is final"),
  outcome_counts: z.record(z.enum(OUTCOME_LABELS), z.number().int()),
  sample_sizes: z.record(z.enum(SAMPLED_METRICS), z.number().int()).describe("the denominator of each rate and mean of the row"),
});
export const MetricsResultSchema = z.object({ rows: z.array(MetricsRowSchema) });

// Compile-time guard: the lead's MetricsRow interface and this schema describe the same row.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const metricsRowMatches: Exact<MetricsRow, z.output<typeof MetricsRowSchema>> = true;
void metricsRowMatches;
