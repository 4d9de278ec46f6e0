import type { Warehouse } from "../client";
import {
  emptyNarrowing,
  inIdSet,
  inSubquery,
  msRange,
  narrowTo,
  partitionSinceCondition,
  rowsFilter,
  sinceCondition,
  subqueryLike,
  tenantCondition,
  whereAll,
  type IdSet,
  type SqlSubquery,
} from "./sql-fragments";

export interface CurrentResponsesOptions {
  tenantId: string;
  /** Half-open range on the current version's occurred_at_ms. */
  fromMs?: number;
  toMs?: number;
  /** Only these responses (ids, or a subquery returning response ids). */
  responseIds?: IdSet;
  /**
   * Only responses whose current version is in one of these sessions. Without responseIds the read
   * is narrowed through the index (sessionResponsesSql); with them, by them alone: a caller that
   * stored that index lookup passes its ids as responseIds.
   */
  sessionIds?: IdSet;
}

/**
 * Subquery: the responses that ever were in the sessions (any version; the index
 * responses_by_session, migration 0008) with a row at or after fromMs. With a range, that is
 * enough: the current version of a response wanted is in the sessions and in the range, and has
 * an index row of its own there.
 */
export function sessionResponsesSql(
  w: Warehouse,
  options: { tenantId: string; sessionIds: IdSet; fromMs?: number },
): SqlSubquery {
  const indexed = [
    tenantCondition(options.tenantId),
    inIdSet("session_id", options.sessionIds),
    ...(options.fromMs === undefined ? [] : [partitionSinceCondition(options.fromMs)]),
  ];
  return subqueryLike(
    options.sessionIds,
    `SELECT response_id FROM ${w.table("responses_by_session")} ${whereAll(indexed)}`,
  );
}

/**
 * Subquery: the current version of every response, one row per (tenant, response_id)
 * with all columns of `responses`. A response may be re-sent with a new event_id; the
 * latest (occurred_at_ms, event_id) wins, whatever the arrival order and whichever
 * partitions the versions are in; of that event's copies the first to arrive
 * (smallest ingested_at_ms) is the one read, as the contract's dedup by event_id says.
 *
 * Every filter on the version's own values (range, session) applies after the winner is
 * chosen: filtering first could pick an older version that happens to match.
 *
 * With a range, only rows with occurred_at_ms >= fromMs are read (see below), so a range read
 * touches the partitions from the range on instead of every row of the tenant.
 */
export function currentResponsesSql(w: Warehouse, options: CurrentResponsesOptions): string {
  const narrowing = emptyNarrowing();
  if (options.responseIds) narrowTo(narrowing, options.responseIds, inIdSet("response_id", options.responseIds));
  // A session filter narrows the raw rows to responses that ever were in the sessions, then keeps
  // those whose current version still is.
  if (options.sessionIds && !options.responseIds) {
    narrowing.conditions.push(
      inSubquery(
        "response_id",
        sessionResponsesSql(w, { tenantId: options.tenantId, sessionIds: options.sessionIds, fromMs: options.fromMs }),
      ),
    );
  }
  // Exact: a response's current version is its latest row, so when that is at or after
  // fromMs no earlier row can win, and when it is earlier the response is out of range anyway.
  if (options.fromMs !== undefined) narrowing.conditions.push(...sinceCondition(options.fromMs));
  const after = [...msRange("occurred_at_ms", options.fromMs, options.toMs)];
  if (options.sessionIds) after.push(inIdSet("session_id", options.sessionIds));
  return `SELECT * FROM (
    SELECT * FROM ${w.table("responses")}
    ${rowsFilter(options.tenantId, narrowing)}
    ORDER BY response_id, occurred_at_ms DESC, event_id DESC, ingested_at_ms
    LIMIT 1 BY response_id
  ) ${whereAll(after)}`;
}
