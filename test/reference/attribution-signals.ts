// Reference of the implicit-signal figures of docs/metrics.md "Attribution": abandonment after a
// bad or neutral answer, and feedback intensity (severity of down ratings, repeated down ratings).
// Counted answer by answer over the reference's own labels and feedback actions; the figures
// (minimum sample, statuses) are made in attribution.ts like the others.
import { ratingOf } from "./rating";
import type { FeedbackAction, NormResponse, TenantState } from "./state";
import { cmpTimeThenId } from "./util";

export interface AbandonmentCounts {
  /** answers labelled bad or neutral */
  answers: number;
  /** of those, the ones whose left-with answer's window is closed */
  settled: number;
  /** of those, the ones whose left-with answer has no follow-up and no explicit rating */
  abandoned: number;
}

/**
 * The answer the user was left with after a bad or neutral one is its follow-up, or the answer
 * itself when it has none. By the label rules a bad or neutral answer without a follow-up took its
 * label from an explicit rating, so it is the follow-up that can be left without a word.
 */
export function abandonmentCounts(state: TenantState, answers: readonly NormResponse[]): AbandonmentCounts {
  const counts: AbandonmentCounts = { answers: 0, settled: 0, abandoned: 0 };
  for (const answer of answers) {
    const own = state.labels.get(answer.response_id)!;
    if (own.label !== "bad" && own.label !== "neutral") continue;
    counts.answers++;
    const leftWith = own.followup_response_id === null ? own : state.labels.get(own.followup_response_id)!;
    if (!leftWith.window_closed) continue;
    counts.settled++;
    if (leftWith.followup_response_id === null && leftWith.explicit_rating === null) counts.abandoned++;
  }
  return counts;
}

export interface IntensityCounts {
  /** answers with a current rating by their owner (not cleared) */
  rated: number;
  /** of those, currently rated down */
  ratedDown: number;
  /** of those, the ones whose current down rating carries a severity, and its sum */
  withSeverity: number;
  severitySum: number;
  /** rated answers whose owner sent `down` in more than one accepted action on them */
  repeatedDown: number;
}

/** The owner's accepted chat_message actions on each response, in time order (ties: event_id). */
function ownersActions(state: TenantState): Map<string, FeedbackAction[]> {
  const byResponse = new Map<string, FeedbackAction[]>();
  for (const action of state.accepted) {
    const e = action.event;
    const response = state.responses.get(e.target_id);
    if (e.target_type !== "chat_message" || response === undefined || response.user_id !== e.user_id) continue;
    const list = byResponse.get(e.target_id) ?? [];
    list.push(action);
    byResponse.set(e.target_id, list);
  }
  for (const list of byResponse.values()) list.sort(cmpTimeThenId);
  return byResponse;
}

/** The current rating is the owner's latest accepted action; `cleared` is none. */
export function intensityCounts(state: TenantState, answers: readonly NormResponse[]): IntensityCounts {
  const counts: IntensityCounts = { rated: 0, ratedDown: 0, withSeverity: 0, severitySum: 0, repeatedDown: 0 };
  const actions = ownersActions(state);
  for (const answer of answers) {
    const list = actions.get(answer.response_id) ?? [];
    const latest = list[list.length - 1]?.event;
    // A scored action carries its rating in its score (contract 1.1): ratingOf reads either.
    if (latest === undefined || ratingOf(latest) === "cleared") continue;
    counts.rated++;
    if (list.filter((action) => ratingOf(action.event) === "down").length > 1) counts.repeatedDown++;
    if (ratingOf(latest) !== "down") continue;
    counts.ratedDown++;
    if (latest.severity === undefined) continue;
    counts.withSeverity++;
    counts.severitySum += latest.severity;
  }
  return counts;
}
