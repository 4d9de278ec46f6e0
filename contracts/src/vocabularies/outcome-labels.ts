// The outcome labels of docs/metrics.md, best first; `pending` is a response whose label is not
// final yet. The metrics row's `outcome_counts` has one count per label, in this order.

export const OUTCOME_LABELS = ["excellent", "good", "neutral", "bad", "failed", "pending"] as const;
export type OutcomeLabel = (typeof OUTCOME_LABELS)[number];

/** The final labels, every one but `pending`: good_answer_rate's denominator. */
export const FINAL_LABELS = OUTCOME_LABELS.filter(
  (label): label is Exclude<OutcomeLabel, "pending"> => label !== "pending",
);

/** `good` and the labels better than it (the list is best first): good_answer_rate's numerator. */
export const GOOD_OR_BETTER_LABELS = OUTCOME_LABELS.slice(0, OUTCOME_LABELS.indexOf("good") + 1);

/**
 * The `label_reason` each rule of docs/metrics.md writes (in the rules' order), and `window_open`
 * for a label that is not final yet. The warehouse's rules are typed by it; the dashboard explains each.
 */
export const LABEL_REASONS = [
  "finish_reason_failed",
  "rated_down",
  "reask_followup",
  "rated_up_no_failed_tools",
  "rated_up",
  "rated_neutral",
  "window_closed_no_followup",
  "followup_not_reask",
  "window_open",
] as const;
export type LabelReason = (typeof LABEL_REASONS)[number];
