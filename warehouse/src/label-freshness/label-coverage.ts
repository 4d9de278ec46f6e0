import type { LabelFreshness, LabelsBlock } from "./freshness-schema";

/** Why a range's label-based figures are null, in words for the API's answer and the dashboard. */
function unavailableReason(freshness: LabelFreshness): string {
  if (freshness.failing)
    return `outcome labels are not evaluated for this range: the outcome evaluator is failing (${freshness.last_error?.message ?? "no message"})`;
  if (freshness.lag_seconds === null)
    return "outcome labels are not evaluated for this range: the outcome evaluator has not evaluated this tenant's events yet";
  return `outcome labels are evaluated only through ${freshness.evaluated_through}, before this range`;
}

/**
 * The `labels` block of an answer over [fromMs, toMs): the tenant's freshness, and how much of the
 * range it covers. Caught up, all of it. Otherwise labels reflect the events ingested up to
 * evaluated_through, and an event is ingested after it occurs, so a range starting at or after it
 * has no labels at all (`none`: its label-based figures are unknown, not 0); an earlier range is
 * `partial` whatever its end, as a late event of any time may have arrived after evaluated_through.
 */
export function labelsBlockFor(freshness: LabelFreshness, range: { fromMs: number; toMs: number }): LabelsBlock {
  const through = freshness.evaluated_through === null ? undefined : Date.parse(freshness.evaluated_through);
  const coverage = freshness.caught_up ? "full" : through === undefined || through <= range.fromMs ? "none" : "partial";
  return { ...freshness, coverage, figures_unavailable: coverage === "none" ? unavailableReason(freshness) : null };
}
