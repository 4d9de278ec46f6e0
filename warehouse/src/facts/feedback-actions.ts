import type { Warehouse } from "../client";
import type { FeedbackRow } from "../sink/rows";
import { dedupedEventsSql } from "./dedup-events";
import {
  emptyNarrowing,
  inIdSet,
  inSubquery,
  msRange,
  narrowTo,
  notInSubquery,
  rowsFilter,
  sqlSubquery,
  subqueryLike,
  tenantCondition,
  whereAll,
  type IdSet,
  type Narrowing,
  type SqlSubquery,
} from "./sql-fragments";

export type FeedbackAction = "accepted" | "retry" | "conflict";

export interface FeedbackActionsOptions {
  tenantId: string;
  /**
   * Only the client_feedback_ids (per user) that have an event on one of these targets.
   * Narrowing by client_feedback_id rather than by target keeps the rule exact: the first
   * arrival of an id may be an event on another target.
   */
  targetIds?: IdSet;
  /**
   * Only the client_feedback_ids (per user) with more than one event: the only ones that can
   * have a retry or a conflict (a lone event is its id's accepted action). For a reader of
   * retries and conflicts alone; real producers retry few actions, so the rule then runs over a
   * few groups instead of all of them. The targets route's read of them over 90 days at 10 M
   * responses (500,000 feedback events, none retried): 2.3-2.9 -> 0.55-0.8 s, ClickHouse time
   * the route's other read (the rating keys, 5-6 s there) no longer shares its two cores with;
   * feedbackConflictsSql there (the rejected route's conflicts): 2.1-2.9 -> 0.49-0.57 s.
   */
  repeatedIdsOnly?: boolean;
}

/** The raw rows a read of the actions needs: the tenant's, narrowed to `options.targetIds` when given. */
function targetsNarrowing(w: Warehouse, options: FeedbackActionsOptions): Narrowing {
  const narrowing = emptyNarrowing();
  // A few targets have a few actions.
  if (options.targetIds) {
    narrowTo(
      narrowing,
      options.targetIds,
      inSubquery(
        "(user_id, client_feedback_id)",
        subqueryLike(
          options.targetIds,
          `SELECT user_id, client_feedback_id FROM ${w.table("feedback_events")} WHERE ${tenantCondition(options.tenantId)} AND ${inIdSet("target_id", options.targetIds)}`,
        ),
      ),
    );
  }
  return narrowing;
}

/**
 * The ids (user_id, client_feedback_id) among `narrowing`'s rows with more than one stored row
 * (`rows`: another event, or a second copy of one) or more than one event (`events`). Counted over
 * the rows the targets leave, and exact: an id's rows are all among them or none is.
 */
function repeatedIdsSql(w: Warehouse, tenantId: string, narrowing: Narrowing, more: "rows" | "events"): SqlSubquery {
  return sqlSubquery(
    `SELECT user_id, client_feedback_id FROM ${w.table("feedback_events")} ${rowsFilter(tenantId, narrowing)}
    GROUP BY user_id, client_feedback_id HAVING ${more === "rows" ? "count()" : "uniqExact(event_id)"} > 1`,
    { many: true },
  );
}

/**
 * `narrowing` to the repeated ids among its rows. They imply the targets' condition, which is not
 * kept beside them (its set of pairs would be built a second time); a few targets' PREWHERE stays,
 * a set of a few pairs that spares the WHERE's columns.
 */
function toRepeatedIds(narrowing: Narrowing, repeated: SqlSubquery): Narrowing {
  return { fewIds: narrowing.fewIds, conditions: [inSubquery("(user_id, client_feedback_id)", repeated)] };
}

/**
 * Subquery: every feedback event once (dedup by event_id), all columns of
 * `feedback_events` plus `action` and the id's first arrival (`first_event_id`).
 *
 * The client_feedback_id rule of docs/events.md, per (tenant, user_id, client_feedback_id):
 * the first event to ARRIVE (smallest ingested_at_ms, ties smallest event_id) is the
 * action (`accepted`); a later event with the same content_hash is the same action sent
 * again (`retry`: it keeps neither its own occurred_at nor its event_id, so a retry stamped
 * late never overtakes a later different action); a later event with another content_hash
 * is a `conflict`, excluded from ratings whenever it occurred.
 */
export function feedbackActionsSql(w: Warehouse, options: FeedbackActionsOptions): string {
  const narrowing = targetsNarrowing(w, options);
  if (options.repeatedIdsOnly)
    return ruledActionsSql(
      w,
      options.tenantId,
      toRepeatedIds(narrowing, repeatedIdsSql(w, options.tenantId, narrowing, "events")),
    );
  // Narrowed to targets, the one pass below reads only their ids' rows. Split as below, the
  // targets' set would be built three times (ClickHouse 18.16 builds an identical GLOBAL subquery
  // again at each depth), which cost what the split saved: the reasons route over 90 days at 10 M
  // responses (150,000 targets) 2.9-3.3 s either way.
  if (options.targetIds) return ruledActionsSql(w, options.tenantId, narrowing);
  // An id with one stored row is one event, its own first arrival, accepted: nothing to
  // deduplicate or group (an event's copies are identical, so they share its id, which then has
  // more rows). Real producers send most actions once, so only the few ids with more rows go
  // through the rule. A tenant's 500,000 feedback events (none repeated): the actions 2.1-2.3 ->
  // 0.7 s, the rating keys 4.8-5.0 -> 1.4-1.8 s, the targets route over 90 days at 10 M responses
  // 6.0-8.4 -> 3.1-3.9 s.
  const repeated = repeatedIdsSql(w, options.tenantId, emptyNarrowing(), "rows");
  return `SELECT user_id, client_feedback_id, ${CARRIED_COLUMNS.join(", ")}, event_id AS first_event_id, content_hash AS first_content_hash, 'accepted' AS action
    FROM ${w.table("feedback_events")} ${rowsFilter(options.tenantId, { fewIds: [], conditions: [notInSubquery("(user_id, client_feedback_id)", repeated)] })}
    UNION ALL
    ${ruledActionsSql(w, options.tenantId, toRepeatedIds(emptyNarrowing(), repeated))}`;
}

/** The rule of feedbackActionsSql over `narrowing`'s rows, deduplicated and grouped by id. */
function ruledActionsSql(w: Warehouse, tenantId: string, narrowing: Narrowing): string {
  // One pass: each id's events are grouped with its first arrival, then unfolded again. Joining
  // the first arrivals back to a second read of the events gave the same rows, paying the
  // narrowing twice and a join: on 500,000 events, 3.7 s and 601 MB against 2.5 s and 440 MB.
  return `SELECT user_id, client_feedback_id, ${CARRIED_COLUMNS.join(", ")}, first_event_id, first_content_hash,
      multiIf(event_id = first_event_id, 'accepted', content_hash = first_content_hash, 'retry', 'conflict') AS action
    FROM (
      SELECT user_id, client_feedback_id,
        argMin(event_id, (ingested_at_ms, event_id)) AS first_event_id,
        argMin(content_hash, (ingested_at_ms, event_id)) AS first_content_hash,
        ${CARRIED_COLUMNS.map((column) => `groupArray(${column}) AS events_${column}`).join(", ")}
      FROM (${dedupedEventsSql(w, "feedback_events", tenantId, narrowing)})
      GROUP BY user_id, client_feedback_id
    ) ARRAY JOIN ${CARRIED_COLUMNS.map((column) => `events_${column} AS ${column}`).join(", ")}`;
}

/**
 * The columns an id's group carries per event: every stored column of feedback_events (what a
 * read's `*` gives; keep_first is MATERIALIZED, so not among them) but the group's own key.
 */
const CARRIED_COLUMNS = Object.keys({
  tenant_id: true,
  target_id: true,
  event_id: true,
  occurred_at: true,
  occurred_at_ms: true,
  ingested_at_ms: true,
  client_feedback_id: true,
  content_hash: true,
  target_type: true,
  subject_id: true,
  diagnostic_task_id: true,
  user_id: true,
  session_id: true,
  run_id: true,
  rating: true,
  reason: true,
  reason_code: true,
  comment: true,
  correction: true,
  severity: true,
  score: true,
  score_min: true,
  score_max: true,
} satisfies Record<keyof FeedbackRow, true>).filter(
  (column) => column !== "user_id" && column !== "client_feedback_id",
);

export interface FeedbackConflictsOptions {
  tenantId: string;
  /** Half-open range on the conflicting event's own occurred_at_ms. */
  fromMs?: number;
  toMs?: number;
}

/**
 * Subquery: the feedback events rejected by the client_feedback_id rule (reason
 * `feedback_conflict`), one row per event, with `first_event_id` naming the action they
 * conflict with.
 */
export function feedbackConflictsSql(w: Warehouse, options: FeedbackConflictsOptions): string {
  return `SELECT * FROM (${feedbackActionsSql(w, { tenantId: options.tenantId, repeatedIdsOnly: true })})
    ${whereAll(["action = 'conflict'", ...msRange("occurred_at_ms", options.fromMs, options.toMs)])}`;
}
