import { getLabelFreshness, type ReadCredentials } from "@/lib/api-client";
import type { LabelFreshness } from "@/lib/api-types";
import { formatDuration, formatTimestamp } from "@/lib/format";

/** What is wrong, in a headline; the API decides whether it is (`stale`, past `lag_limit_seconds`). */
function headline(freshness: LabelFreshness): string {
  if (freshness.failing) return "Outcome labels are not being updated: the outcome evaluator's last run failed.";
  if (freshness.stale_reason === "never_evaluated")
    return "Outcome labels have not been evaluated for this tenant yet.";
  return `Outcome labels are ${formatDuration((freshness.lag_seconds ?? 0) * 1000)} behind (more than ${formatDuration(freshness.lag_limit_seconds * 1000)}).`;
}

/**
 * A warning above the views whose figures come from outcome labels (good-answer, one-turn, rating
 * and re-ask rates, outcome counts) when the labels are stale or the evaluator fails, so a figure
 * from old labels, or one the API could not compute, is never read as current. Nothing when the
 * labels are fresh; nothing when the freshness cannot be read either: the panels of the view say
 * that the API failed.
 */
export async function LabelFreshnessBanner({ credentials }: { credentials: ReadCredentials }) {
  const result = await getLabelFreshness(credentials);
  if (!result.ok || !result.data.stale) return null;
  const freshness = result.data;
  return (
    <div
      className="notice label-freshness"
      role="alert"
      data-state="labels-stale"
      data-stale-reason={freshness.stale_reason ?? ""}
      id="label-freshness"
    >
      <strong>{headline(freshness)}</strong>
      <p>
        Label-based figures may be out of date; where labels cover none of the range they show as unknown (—), not 0.
        Labels evaluated through {formatTimestamp(freshness.evaluated_through)}; last successful run{" "}
        {formatTimestamp(freshness.last_success_at)}.
      </p>
      {freshness.last_error ? (
        <p className="muted">
          Last error ({formatTimestamp(freshness.last_error.at)}): {freshness.last_error.message}
        </p>
      ) : null}
    </div>
  );
}
