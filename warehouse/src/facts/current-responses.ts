import type { Warehouse } from "../client";
import { dedupedEventsSql } from "./dedup-events";
import { inIdSet, msRange, tenantCondition, whereAll, type IdSet } from "./sql-fragments";

export interface CurrentResponsesOptions {
  tenantId: string;
  /** Half-open range on the current version's occurred_at_ms. */
  fromMs?: number;
  toMs?: number;
  /** Only these responses (ids, or a subquery returning response ids). */
  responseIds?: IdSet;
  /** Only responses whose current version is in one of these sessions. */
  sessionIds?: IdSet;
}

/**
 * Subquery: the current version of every response, one row per (tenant, response_id)
 * with all columns of `responses`. A response may be re-sent with a new event_id; the
 * latest (occurred_at_ms, event_id) wins, whatever the arrival order and whichever
 * partitions the versions are in.
 *
 * Every filter on the version's own values (range, session) applies after the winner is
 * chosen: filtering first could pick an older version that happens to match.
 */
export function currentResponsesSql(w: Warehouse, options: CurrentResponsesOptions): string {
  const narrowing: string[] = [];
  if (options.responseIds) narrowing.push(inIdSet("response_id", options.responseIds));
  // A session filter narrows the raw rows to responses that ever were in the sessions
  // (any version), then keeps those whose current version still is.
  if (options.sessionIds) {
    narrowing.push(
      `response_id IN (SELECT response_id FROM ${w.table("responses")} WHERE ${tenantCondition(options.tenantId)} AND ${inIdSet("session_id", options.sessionIds)})`,
    );
  }
  const versions = dedupedEventsSql(w, "responses", options.tenantId, narrowing);
  const after = [...msRange("occurred_at_ms", options.fromMs, options.toMs)];
  if (options.sessionIds) after.push(inIdSet("session_id", options.sessionIds));
  return `SELECT * FROM (
    SELECT * FROM (${versions})
    ORDER BY response_id, occurred_at_ms DESC, event_id DESC
    LIMIT 1 BY response_id
  ) ${whereAll(after)}`;
}
