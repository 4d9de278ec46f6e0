import type { Warehouse } from "../client";
import { currentFeedbackSql } from "../facts/current-feedback";
import { feedbackActionsSql } from "../facts/feedback-actions";
import { sqlValue } from "../sql/escape";
import { joinUsing } from "../sql/join";
import { scopeIdsSql, type AttributionScope } from "./attribution-facts";
import { withFollowupLabelsSql } from "./followup-labels";

// The implicit-signal figures of docs/metrics.md "Attribution": abandonment after a bad or neutral
// answer (over the same facts as the other figures) and feedback intensity (over the answers'
// ratings by their owners, which need no label).

/** The bad and neutral answers of the scope and whether the user left after them without a word. */
export interface AbandonmentCounts {
  answers: number;
  /** Their left-with answer's window is closed. */
  settled: number;
  /** Of those, the left-with answer has no follow-up and no explicit rating. */
  abandoned: number;
}

/** The answers of the scope rated by their owner, and how hard they were rated down. */
export interface IntensityCounts {
  rated: number;
  ratedDown: number;
  /** Current down ratings that carry a severity, and its sum. */
  withSeverity: number;
  severitySum: number;
  /** Rated answers whose owner sent `down` in more than one accepted action. */
  repeatedDown: number;
}

const NONE = sqlValue("");

/**
 * The answer the user was left with is the follow-up, or the bad or neutral answer itself when
 * it has none (docs/metrics.md "Attribution" says why it is mostly the follow-up).
 */
export function abandonmentSql(w: Warehouse, scope: AttributionScope, facts: string): string {
  const answers = `SELECT response_id, followup_response_id, window_closed, explicit_rating
    FROM (${facts}) WHERE has(${sqlValue(["bad", "neutral"])}, label)`;
  const joined = withFollowupLabelsSql(w, scope.tenantId, answers, {
    window_closed: "next_window_closed",
    followup_response_id: "next_followup_response_id",
    explicit_rating: "next_explicit_rating",
  });
  const leftWith = `SELECT followup_response_id = ${NONE} AS alone,
      if(alone, window_closed, next_window_closed) AS left_closed,
      if(alone, ${NONE}, next_followup_response_id) AS left_followup,
      if(alone, explicit_rating, next_explicit_rating) AS left_rating
    FROM ${joined}`;
  return `SELECT count() AS answers, countIf(left_closed = 1) AS settled,
    countIf(left_closed = 1 AND left_followup = ${NONE} AND left_rating = ${NONE}) AS abandoned
    FROM (${leftWith})`;
}

/**
 * One row per answer of the scope with a current rating by its owner: a verified chat_message
 * rating is its owner's (VERIFICATION), so no read of the answers' users is needed. Beside it,
 * how many of the owner's accepted actions on it were `down` (every action, not the current one).
 */
export function intensitySql(w: Warehouse, scope: AttributionScope): string {
  const ids = scopeIdsSql(w, scope);
  const chatMessage = `target_type = ${sqlValue("chat_message")}`;
  const ratings = `SELECT target_id, user_id, subject_id, rating, severity
    FROM (${currentFeedbackSql(w, { tenantId: scope.tenantId, targetIds: ids })})
    WHERE ${chatMessage} AND verification = ${sqlValue("verified")} AND rating != ${sqlValue("cleared")}`;
  const downs = `SELECT target_id, user_id, subject_id, count() AS down_actions
    FROM (${feedbackActionsSql(w, { tenantId: scope.tenantId, targetIds: ids })})
    WHERE action = ${sqlValue("accepted")} AND ${chatMessage} AND rating = ${sqlValue("down")}
    GROUP BY target_id, user_id, subject_id`;
  const down = `rating = ${sqlValue("down")}`;
  return `SELECT count() AS rated, countIf(${down}) AS rated_down,
    countIf(${down} AND severity > 0) AS with_severity, sumIf(severity, ${down} AND severity > 0) AS severity_sum,
    countIf(down_actions > 1) AS repeated_down
    FROM ${joinUsing(ratings, "ANY LEFT", downs, ["target_id", "user_id", "subject_id"])}`;
}
