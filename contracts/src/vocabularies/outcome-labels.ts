// The outcome labels of docs/metrics.md, best first; `pending` is a response whose label is not
// final yet. The metrics row's `outcome_counts` has one count per label, in this order.

export const OUTCOME_LABELS = ['excellent', 'good', 'neutral', 'bad', 'failed', 'pending'] as const;
export type OutcomeLabel = (typeof OUTCOME_LABELS)[number];
