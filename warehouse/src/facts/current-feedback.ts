import { CURRENT_RATINGS } from "@answerscope/contracts/vocabularies";
import type { Warehouse } from "../client";
import { sqlList } from "../sql/escape";
import { joinUsing } from "../sql/join";
import { currentResponsesSql } from "./current-responses";
import { feedbackActionsSql } from "./feedback-actions";
import { inIdSet, sinceCondition, sqlSubquery, tenantCondition, whereAll, type IdSet } from "./sql-fragments";

export type Verification = "verified" | "unverified" | "forbidden";

export interface CurrentFeedbackOptions {
  tenantId: string;
  /** Only ratings of these targets (ids, or a subquery returning target ids). */
  targetIds?: IdSet;
  /**
   * Without targetIds: the caller only reads the verification of keys whose latest action
   * occurred at or after this. Verification then reads only responses rated since (the latest
   * action's target is the key's), and any other key's reads as `unverified`, so a caller must
   * not use it. Given targetIds already bound what verification reads.
   */
  verifiedSinceMs?: number;
}

const VERSION = "(occurred_at_ms, event_id)";

/** SQL: the stored rating in `column` is a current rating (up, down or neutral; not cleared). */
export const isCurrentRatingSql = (column: "rating" | "latest_rating"): string =>
  `${column} IN ${sqlList(CURRENT_RATINGS)}`;

/**
 * Subquery: the current rating per (tenant, user_id, target_type, target_id, subject_id),
 * over the accepted actions of feedbackActionsSql (retries and conflicts left out).
 *
 * - rating and every other value come from the latest action by occurred_at (ties: greatest
 *   event_id). A key whose latest action is `cleared` is KEPT with rating 'cleared' (it has
 *   no current rating): its revisions still count. Readers of ratings filter
 *   `rating IN ('up', 'down', 'neutral')` (CURRENT_RATINGS).
 * - actions: accepted actions of the key; revisions = actions - 1 (a `cleared` and a
 *   re-rating after it count too); revision_times_ms: occurred_at of every action but the
 *   earliest, so a range query can count revisions by their own time.
 * - verification, decided against the current response versions of the tenant (all time):
 *   chat_message / citation: `unverified` when no response has id target_id, `forbidden`
 *   when it belongs to another user_id or (citation) subject_id is not in its
 *   citation_ids, else `verified`. diagnostic_step / diagnostic_report have no ownership
 *   rule in the contract and are `verified`.
 */
export function currentFeedbackSql(w: Warehouse, options: CurrentFeedbackOptions): string {
  // Given targets verify against the responses with those ids, read directly (a target that is
  // not a response finds none, and only chat_message and citation keys look at the join): first
  // finding the rated ones among them cost a second pass over the feedback.
  const verifyingIds =
    options.targetIds ??
    sqlSubquery(
      `SELECT target_id FROM ${w.table("feedback_events")}
       ${whereAll([
         tenantCondition(options.tenantId),
         "target_type IN ('chat_message', 'citation')",
         ...(options.verifiedSinceMs === undefined ? [] : sinceCondition(options.verifiedSinceMs)),
       ])}`,
      // Many either way: a caller that reads a small share of the feedback narrows by targetIds
      // (feedbackShareInRange), so verifying since a time reads most rated responses. The
      // targets route over 90 days at 10 M responses: 4.2-5.2 -> 3.5-4.1 s, the same answer.
      { many: true },
    );
  const responses = currentResponsesSql(w, { tenantId: options.tenantId, responseIds: verifyingIds });
  return `SELECT ${RATING_KEY_COLUMNS.join(", ")}, ${VERIFICATION} AS verification
    FROM ${joinUsing(ratingKeysSql(w, options), "ANY LEFT", verifyingResponsesSql(responses), ["target_id"])}`;
}

export interface OwnersResponseRatingsOptions {
  tenantId: string;
  /**
   * Only ratings of these responses (ids, or a subquery returning response ids). Absent: every
   * rated response of the tenant, for a caller that wants most of them (the whole tenant's actions
   * are the cheaper read then, see feedbackActionsSql) and joins them to the ones it wants.
   */
  responseIds?: IdSet;
}

/**
 * Subquery: the current rating (up, down or neutral) of each (response_id, user_id) among the chat_message
 * keys of currentFeedbackSql, unverified. A caller that already reads the current versions of
 * the responses joins it to them `USING (response_id, user_id)`: a chat_message rating is
 * verified exactly when a response with its target id exists and belongs to its rater (the rule
 * VERIFICATION states), so that join is its verification, with no second read of the responses.
 * On 5 M responses and 500,000 feedback events: the reasons route 7 d 2.6 -> 2.1 s, 90 d 3.5 -> 2.5 s;
 * the samples route's rating=down page 420 -> 290 ms.
 */
export function ownersResponseRatingsSql(w: Warehouse, options: OwnersResponseRatingsOptions): string {
  return `SELECT target_id AS response_id, user_id, rating, reason, reason_code, comment
    FROM (${ratingKeysSql(w, { tenantId: options.tenantId, targetIds: options.responseIds })})
    WHERE target_type = 'chat_message' AND ${isCurrentRatingSql("rating")}`;
}

/** The columns of a rating key (currentFeedbackSql's, verification aside). */
const RATING_KEY_COLUMNS = [
  "tenant_id",
  "user_id",
  "target_type",
  "target_id",
  "subject_id",
  "rating",
  "latest_event_id AS event_id",
  "latest_at_ms AS occurred_at_ms",
  "latest_ingested_at_ms AS ingested_at_ms",
  "client_feedback_id",
  "diagnostic_task_id",
  "session_id",
  "run_id",
  "reason",
  "reason_code",
  "comment",
  "correction",
  "severity",
  "actions",
  "revisions",
  "revision_times_ms",
];

/** The rating keys of currentFeedbackSql before verification, one row per (tenant, user_id, target_type, target_id, subject_id). */
function ratingKeysSql(w: Warehouse, options: { tenantId: string; targetIds?: IdSet }): string {
  // One argMax per column, not one of a tuple of them: ClickHouse drops a subquery's unused
  // aggregates, so each reader pays only for the columns it reads. One tuple (one version
  // comparison per row instead of twelve) was faster only for a reader of every column: on
  // 500,000 events, the targets route 6.4-7.1 -> 9.6-11.1 s, the reasons route no faster.
  return `SELECT
      tenant_id, user_id, target_type, target_id, subject_id,
      argMax(rating, ${VERSION}) AS rating,
      argMax(event_id, ${VERSION}) AS latest_event_id,
      max(occurred_at_ms) AS latest_at_ms,
      argMax(ingested_at_ms, ${VERSION}) AS latest_ingested_at_ms,
      argMax(client_feedback_id, ${VERSION}) AS client_feedback_id,
      argMax(diagnostic_task_id, ${VERSION}) AS diagnostic_task_id,
      argMax(session_id, ${VERSION}) AS session_id,
      argMax(run_id, ${VERSION}) AS run_id,
      argMax(reason, ${VERSION}) AS reason,
      argMax(reason_code, ${VERSION}) AS reason_code,
      argMax(comment, ${VERSION}) AS comment,
      argMax(correction, ${VERSION}) AS correction,
      argMax(severity, ${VERSION}) AS severity,
      count() AS actions,
      count() - 1 AS revisions,
      arraySlice(arraySort(groupArray(occurred_at_ms)), 2) AS revision_times_ms
    FROM (${feedbackActionsSql(w, options)})
    ${whereAll(["action = 'accepted'", ...(options.targetIds ? [inIdSet("target_id", options.targetIds)] : [])])}
    GROUP BY tenant_id, user_id, target_type, target_id, subject_id`;
}

/**
 * The verification of a rating key (user_id, target_type, target_id, subject_id), from the
 * columns of verifyingResponsesSql joined on target_id (none found: response_found = 0). Its
 * chat_message part is also the join of ownersResponseRatingsSql's readers.
 */
export const VERIFICATION = `multiIf(
    target_type NOT IN ('chat_message', 'citation'), 'verified',
    response_found = 0, 'unverified',
    response_user_id != user_id, 'forbidden',
    target_type = 'citation' AND NOT has(response_citation_ids, subject_id), 'forbidden',
    'verified')`;

/** What VERIFICATION reads of the current response versions `responses` (currentResponsesSql), keyed by target_id. */
export function verifyingResponsesSql(responses: string): string {
  return `SELECT response_id AS target_id, user_id AS response_user_id, citation_ids AS response_citation_ids, toUInt8(1) AS response_found
    FROM (${responses})`;
}
