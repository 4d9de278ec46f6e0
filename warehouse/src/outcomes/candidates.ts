import type { Warehouse } from "../client";
import { tenantCondition } from "../facts/sql-fragments";
import { sqlValue } from "../sql/escape";
import { currentLabelsSql, labelsInRangeSql } from "./current-labels";
import { FOLLOWUP_WINDOW_MS } from "./label-rules";

export interface CandidatesOptions {
  tenantId: string;
  /** Rows with ingested_at_ms above this are new; absent: evaluate every response. */
  sinceIngestedMs?: number;
  /** The tenant's newest occurred_at now: stored open windows it closes are candidates. */
  maxOccurredAtMs: number;
  /**
   * The tenant's newest occurred_at as the last run saw it (stored with its watermark, migration
   * 0015): that run closed every window it could, so every window still open belongs to a
   * response after this minus the window, and only the label rows from there on are read, by
   * time. Absent or 0 (a watermark written before 0015): every label row of the tenant is.
   */
  lastMaxOccurredAtMs?: number;
}

/**
 * Subquery of response ids (may repeat, may name no response) whose label may have changed
 * since rows up to `sinceIngestedMs` were evaluated:
 * - every response of a session that got a new response version (any version's session, so
 *   a response that moved out of a session re-evaluates its old neighbours too): a new or
 *   moved response can become or stop being someone's follow-up;
 * - the chat_message targets of every client_feedback_id (per user) with a new event: the
 *   new event may be a rating, a revision, or change which event of the id arrived first;
 * - every response named by any event of a tool call with a new event: the reduced status
 *   and response_id may both change. The id index tool_calls_by_response (migration 0008) holds
 *   exactly those (tool call, response) pairs, one row per pair where the events repeat them, so
 *   the lookup of random call ids reads two columns of it instead of every event's;
 * - responses whose stored window is open and whose 600 s have passed by the newest event
 *   (openWindowsClosedSql).
 */
export function candidateResponsesSql(w: Warehouse, options: CandidatesOptions): string {
  const tenant = tenantCondition(options.tenantId);
  if (options.sinceIngestedMs === undefined) {
    return `SELECT response_id FROM ${w.table("responses")} WHERE ${tenant}`;
  }
  const isNew = `ingested_at_ms > ${sqlValue(Math.trunc(options.sinceIngestedMs))}`;
  const responses = w.table("responses");
  const feedback = w.table("feedback_events");
  const toolCalls = w.table("tool_call_events");
  return `SELECT response_id FROM ${responses} WHERE ${tenant} AND session_id IN (
      SELECT session_id FROM ${responses} WHERE ${tenant} AND response_id IN (
        SELECT response_id FROM ${responses} WHERE ${tenant} AND ${isNew}))
    UNION ALL
    SELECT target_id AS response_id FROM ${feedback} WHERE ${tenant} AND target_type = 'chat_message' AND (user_id, client_feedback_id) IN (
      SELECT user_id, client_feedback_id FROM ${feedback} WHERE ${tenant} AND ${isNew})
    UNION ALL
    SELECT response_id FROM ${w.table("tool_calls_by_response")} WHERE ${tenant} AND tool_call_id IN (
      SELECT tool_call_id FROM ${toolCalls} WHERE ${tenant} AND ${isNew})
    UNION ALL
    ${openWindowsClosedSql(w, options)}`;
}

/** Responses whose stored label row has an open window that the tenant's newest event has closed. */
function openWindowsClosedSql(w: Warehouse, options: CandidatesOptions): string {
  const closedBy = Math.trunc(options.maxOccurredAtMs);
  const last = options.lastMaxOccurredAtMs ?? 0;
  if (last <= 0) {
    return `SELECT response_id FROM (${currentLabelsSql(w, { tenantId: options.tenantId })})
    WHERE window_closed = 0 AND occurred_at_ms + ${sqlValue(FOLLOWUP_WINDOW_MS)} <= ${sqlValue(closedBy)}`;
  }
  // A window still open after the last run: its response occurred after last - window. One
  // closed now: at or before newest - window. Rows outside are never read.
  const labels = labelsInRangeSql(w, {
    tenantId: options.tenantId,
    fromMs: Math.max(0, Math.trunc(last) - FOLLOWUP_WINDOW_MS),
    toMs: Math.max(0, closedBy - FOLLOWUP_WINDOW_MS + 1),
    columns: ["response_id", "window_closed"],
  });
  return `SELECT response_id FROM (${labels}) WHERE window_closed = 0`;
}
