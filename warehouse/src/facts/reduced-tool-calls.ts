import type { Warehouse } from "../client";
import { dedupedEventsSql } from "./dedup-events";
import {
  emptyNarrowing,
  inIdSet,
  inSubquery,
  msRange,
  narrowTo,
  partitionSinceCondition,
  sinceCondition,
  sqlSubquery,
  subqueryLike,
  tenantCondition,
  whereAll,
  type IdSet,
  type SqlSubquery,
} from "./sql-fragments";

export interface ReducedToolCallsOptions {
  tenantId: string;
  /** Half-open range on the call's time (`first_at_ms`: its earliest event). */
  fromMs?: number;
  toMs?: number;
  /**
   * Only calls whose reduced response_id is one of these. Without toolCallIds the read is narrowed
   * through the index (responseCallsSql); with them, by them alone: a caller that stored that
   * index lookup passes its ids as toolCallIds.
   */
  responseIds?: IdSet;
  /** Only these calls. */
  toolCallIds?: IdSet;
  /**
   * Every event of the calls wanted occurred at or after this, as the caller knows (e.g. their
   * least first time): lets the read skip the older months, and selects nothing by itself.
   */
  eventsFromMs?: number;
}

// "Latest" and "earliest" order events by time, ties by event_id (docs/events.md).
const VERSION = "(occurred_at_ms, event_id)";
const TERMINAL = "status != 'started'";
const STARTED = "status = 'started'";

/**
 * Conditions on the raw events that keep exactly the events of the calls whose first event is in
 * [fromMs, toMs): the calls come from the time-keyed `tool_call_firsts` (migration 0007: per
 * call and time the signs sum to 1 at its current first time, 0 at a time it no longer has),
 * and every event of such a call occurred at or after fromMs, so older months are not read.
 */
function callsFromConditions(w: Warehouse, tenantId: string, fromMs: number, toMs?: number): string[] {
  const firsts = [tenantCondition(tenantId), ...msRange("first_at_ms", fromMs, toMs)];
  return [
    ...sinceCondition(fromMs),
    inSubquery(
      "tool_call_id",
      sqlSubquery(
        `SELECT tool_call_id FROM ${w.table("tool_call_firsts")} ${whereAll(firsts)} GROUP BY tool_call_id HAVING sum(sign) > 0`,
        { many: true },
      ),
    ),
  ];
}

/**
 * Subquery: the calls with an event that names one of the responses (the index
 * tool_calls_by_response, migration 0008), from eventsFromMs on. A call's reduced response_id is
 * one of its own events' ids, so these are every call that can reduce to one of the responses. A
 * few responses have a few calls.
 */
export function responseCallsSql(
  w: Warehouse,
  options: { tenantId: string; responseIds: IdSet; eventsFromMs?: number },
): SqlSubquery {
  const indexed = [tenantCondition(options.tenantId), inIdSet("response_id", options.responseIds)];
  // The index's rows are the calls' own events, so the caller's bound holds for them too.
  if (options.eventsFromMs) indexed.push(partitionSinceCondition(options.eventsFromMs));
  return subqueryLike(
    options.responseIds,
    `SELECT tool_call_id FROM ${w.table("tool_calls_by_response")} ${whereAll(indexed)}`,
  );
}

/**
 * Subquery: one row per (tenant, tool_call_id), the lifecycle of docs/events.md:
 * - status: the latest terminal event's, else `started` (never rewritten to failed);
 * - start_inferred: a terminal without any `started`;
 * - first_at_ms: the earliest event's occurred_at_ms, the call's time for ranges;
 * - duration_ms: the winning terminal's duration_ms when given, else terminal minus the
 *   earliest `started` (never negative); -1 when unknown (inferred start without
 *   duration_ms, or no terminal), like the fact tables' "absent" encoding;
 * - response_id: the winning terminal's, else the earliest event's that has one;
 * - tool_name, user_id: the winning terminal's, else the earliest `started`'s;
 *   session_id / diagnostic_task_id: that event's, else the earliest event's that has one;
 * - error_category, error_message: the winning terminal's when the call failed;
 *   result_summary: when it completed; arguments_json / argument_keys: the earliest event
 *   that carries arguments (normally the `started`).
 * Absent strings are '' as in the fact tables.
 */
export function reducedToolCallsSql(w: Warehouse, options: ReducedToolCallsOptions): string {
  const narrowing = emptyNarrowing();
  if (options.toolCallIds) narrowTo(narrowing, options.toolCallIds, inIdSet("tool_call_id", options.toolCallIds));
  // The exact test on the reduced response_id comes after.
  if (options.responseIds && !options.toolCallIds) {
    const calls = responseCallsSql(w, {
      tenantId: options.tenantId,
      responseIds: options.responseIds,
      eventsFromMs: options.eventsFromMs,
    });
    narrowTo(narrowing, options.responseIds, inSubquery("tool_call_id", calls));
  }
  if (options.fromMs !== undefined)
    narrowing.conditions.push(...callsFromConditions(w, options.tenantId, options.fromMs, options.toMs));
  if (options.eventsFromMs) narrowing.conditions.push(...sinceCondition(options.eventsFromMs));
  const events = dedupedEventsSql(w, "tool_call_events", options.tenantId, narrowing);
  const after = msRange("first_at_ms", options.fromMs, options.toMs);
  if (options.responseIds) after.push(inIdSet("response_id", options.responseIds));

  return `SELECT
      tenant_id, tool_call_id,
      if(has_terminal, terminal_status, 'started') AS status,
      toUInt8(has_terminal AND NOT has_started) AS start_inferred,
      first_at_ms,
      if(has_terminal, terminal_at_ms, toUInt64(0)) AS terminal_at_ms,
      if(has_started, started_at_ms, toUInt64(0)) AS started_at_ms,
      multiIf(
        NOT has_terminal, toInt64(-1),
        terminal_duration_ms >= 0, terminal_duration_ms,
        has_started, greatest(toInt64(terminal_at_ms) - toInt64(started_at_ms), toInt64(0)),
        toInt64(-1)) AS duration_ms,
      if(terminal_response_id != '', terminal_response_id, first_response_id) AS response_id,
      if(has_terminal, terminal_tool_name, started_tool_name) AS tool_name,
      if(has_terminal, terminal_user_id, started_user_id) AS user_id,
      if(main_session_id != '', main_session_id, first_session_id) AS session_id,
      if(main_diagnostic_task_id != '', main_diagnostic_task_id, first_diagnostic_task_id) AS diagnostic_task_id,
      if(status = 'failed', terminal_error_category, '') AS error_category,
      if(status = 'failed', terminal_error_message, '') AS error_message,
      if(status = 'completed', terminal_result_summary, '') AS result_summary,
      first_arguments_json AS arguments_json, first_argument_keys AS argument_keys,
      event_count, last_ingested_at_ms
    FROM (
      SELECT
        tenant_id, tool_call_id,
        countIf(${TERMINAL}) > 0 AS has_terminal,
        countIf(${STARTED}) > 0 AS has_started,
        argMaxIf(status, ${VERSION}, ${TERMINAL}) AS terminal_status,
        argMaxIf(occurred_at_ms, ${VERSION}, ${TERMINAL}) AS terminal_at_ms,
        argMaxIf(duration_ms, ${VERSION}, ${TERMINAL}) AS terminal_duration_ms,
        argMaxIf(response_id, ${VERSION}, ${TERMINAL}) AS terminal_response_id,
        argMaxIf(tool_name, ${VERSION}, ${TERMINAL}) AS terminal_tool_name,
        argMaxIf(user_id, ${VERSION}, ${TERMINAL}) AS terminal_user_id,
        argMaxIf(error_category, ${VERSION}, ${TERMINAL}) AS terminal_error_category,
        argMaxIf(error_message, ${VERSION}, ${TERMINAL}) AS terminal_error_message,
        argMaxIf(result_summary, ${VERSION}, ${TERMINAL}) AS terminal_result_summary,
        minIf(occurred_at_ms, ${STARTED}) AS started_at_ms,
        argMinIf(tool_name, ${VERSION}, ${STARTED}) AS started_tool_name,
        argMinIf(user_id, ${VERSION}, ${STARTED}) AS started_user_id,
        if(has_terminal, argMaxIf(session_id, ${VERSION}, ${TERMINAL}), argMinIf(session_id, ${VERSION}, ${STARTED})) AS main_session_id,
        if(has_terminal, argMaxIf(diagnostic_task_id, ${VERSION}, ${TERMINAL}), argMinIf(diagnostic_task_id, ${VERSION}, ${STARTED})) AS main_diagnostic_task_id,
        argMinIf(response_id, ${VERSION}, response_id != '') AS first_response_id,
        argMinIf(session_id, ${VERSION}, session_id != '') AS first_session_id,
        argMinIf(diagnostic_task_id, ${VERSION}, diagnostic_task_id != '') AS first_diagnostic_task_id,
        argMinIf(arguments_json, ${VERSION}, arguments_json != '') AS first_arguments_json,
        argMinIf(argument_keys, ${VERSION}, arguments_json != '') AS first_argument_keys,
        min(occurred_at_ms) AS first_at_ms,
        count() AS event_count,
        max(ingested_at_ms) AS last_ingested_at_ms
      FROM (${events})
      GROUP BY tenant_id, tool_call_id
    )
    ${whereAll(after)}`;
}
