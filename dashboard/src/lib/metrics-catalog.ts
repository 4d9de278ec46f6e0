import type { ComparableMetric as WarehouseComparableMetric, OutcomeLabel as WarehouseOutcomeLabel } from "@answerscope/warehouse";
import type { SameType } from "./same-type";

/** The rates of docs/metrics.md that can be compared (a count over a count), mirrored for the browser bundle. */
export const COMPARABLE_METRICS = [
  "good_answer_rate",
  "one_turn_resolution_rate",
  "thumbs_down_rate",
  "thumbs_up_rate",
  "reask_rate",
  "followup_rate",
  "feedback_coverage",
  "tool_success_rate",
  "error_rate",
  "max_iteration_hit_rate",
  "no_reply_rate",
] as const;
export type RateMetric = (typeof COMPARABLE_METRICS)[number];

export const OUTCOME_LABELS = ["excellent", "good", "neutral", "bad", "failed", "pending"] as const;
export type OutcomeLabel = (typeof OUTCOME_LABELS)[number];

export interface RateDefinition {
  label: string;
  /** What the rate divides by, as a reader would say it; shown next to the sample size. */
  denominator: string;
  /** Whether a rise is good news: colours a difference in the comparison. */
  higherIsBetter: boolean;
}

export const RATES: Record<RateMetric, RateDefinition> = {
  good_answer_rate: { label: "Good-answer rate", denominator: "labeled responses", higherIsBetter: true },
  one_turn_resolution_rate: { label: "One-turn resolution", denominator: "sessions with a final first answer", higherIsBetter: true },
  thumbs_down_rate: { label: "Thumbs-down rate", denominator: "rated responses", higherIsBetter: false },
  thumbs_up_rate: { label: "Thumbs-up rate", denominator: "rated responses", higherIsBetter: true },
  reask_rate: { label: "Re-ask rate", denominator: "responses with a closed window", higherIsBetter: false },
  followup_rate: { label: "Follow-up rate", denominator: "responses with a closed window", higherIsBetter: false },
  feedback_coverage: { label: "Feedback coverage", denominator: "responses", higherIsBetter: true },
  tool_success_rate: { label: "Tool success rate", denominator: "finished tool calls", higherIsBetter: true },
  error_rate: { label: "Error rate", denominator: "responses", higherIsBetter: false },
  max_iteration_hit_rate: { label: "Max-iteration rate", denominator: "responses", higherIsBetter: false },
  no_reply_rate: { label: "No-reply rate", denominator: "responses", higherIsBetter: false },
};

/** The effect dashboard's headline rates, in the order the issue names them. */
export const EFFECT_RATES = ["good_answer_rate", "one_turn_resolution_rate", "thumbs_down_rate", "reask_rate", "feedback_coverage"] as const satisfies readonly RateMetric[];
/** The diagnostics dashboard's rates. */
export const DIAGNOSTIC_RATES = ["error_rate", "max_iteration_hit_rate", "no_reply_rate", "tool_success_rate"] as const satisfies readonly RateMetric[];

/** docs/metrics.md: below this many in the denominator a rate is too noisy to read as a change (marked, never hidden). */
export const SMALL_SAMPLE = 30;

const metricsMatch: SameType<RateMetric, WarehouseComparableMetric> = true;
const labelsMatch: SameType<OutcomeLabel, WarehouseOutcomeLabel> = true;
void metricsMatch;
void labelsMatch;
