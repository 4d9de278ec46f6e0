import type { MetricsRow } from "./api-types";
import { OUTCOME_LABELS, SMALL_SAMPLE, type RateMetric } from "./metrics-catalog";

/**
 * The denominator behind a rate of a metrics row. A row may carry them (`sample_sizes`, asked of the
 * API); until it does, they are derived from the row where metrics-v1.md makes that exact, and
 * null where it does not (closed windows, sessions, finished tool calls), which the screen says
 * plainly instead of guessing.
 */
export type SampleSizes = Partial<Record<RateMetric, number | null>>;

type RowWithSampleSizes = MetricsRow & { sample_sizes?: SampleSizes };

/** Responses whose label is final: every counted label but pending. */
export function finalLabels(row: Pick<MetricsRow, "outcome_counts">): number {
  return OUTCOME_LABELS.filter((label) => label !== "pending").reduce((sum, label) => sum + (row.outcome_counts[label] ?? 0), 0);
}

/** Responses with an explicit rating: coverage × responses is an exact count of an exact ratio. */
export function ratedResponses(row: Pick<MetricsRow, "feedback_coverage" | "response_count">): number {
  return row.feedback_coverage === null ? 0 : Math.round(row.feedback_coverage * row.response_count);
}

export function sampleSizeOf(row: MetricsRow, metric: RateMetric): number | null {
  const reported = (row as RowWithSampleSizes).sample_sizes?.[metric];
  if (typeof reported === "number") return reported;
  switch (metric) {
    case "feedback_coverage":
    case "error_rate":
    case "max_iteration_hit_rate":
    case "no_reply_rate":
      return row.response_count;
    case "good_answer_rate":
      return finalLabels(row);
    case "thumbs_up_rate":
    case "thumbs_down_rate":
      return ratedResponses(row);
    case "reask_rate":
    case "followup_rate":
    case "one_turn_resolution_rate":
    case "tool_success_rate":
      return null;
  }
}

/** Small samples are marked, never hidden. An unknown size is not called small. */
export const isSmallSample = (n: number | null): boolean => n !== null && n < SMALL_SAMPLE;
