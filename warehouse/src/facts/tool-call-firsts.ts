import type { Warehouse } from "../client";
import { sqlValue } from "../sql/escape";

/**
 * Fills tool_call_firsts (migration 0007) from the stored events: one +1 row per call at its
 * first time. What an existing deployment runs once after the migration, with ingest stopped
 * (a call written meanwhile would get a second +1), and what the benchmark runs on a data set
 * loaded before the view existed. `part` of `parts` splits the calls by the hash of their id,
 * so one statement's GROUP BY holds 1/parts of the calls (every event of a call is in the same part).
 */
export function toolCallFirstsBackfillSql(w: Warehouse, part = 0, parts = 1): string {
  if (!Number.isSafeInteger(parts) || parts < 1 || !Number.isSafeInteger(part) || part < 0 || part >= parts) throw new RangeError(`part ${part} of ${parts}`);
  return `INSERT INTO ${w.table("tool_call_firsts")} (tenant_id, first_at, first_at_ms, tool_call_id, sign)
    SELECT tenant_id, toDateTime(intDiv(min(occurred_at_ms), 1000), 'UTC'), min(occurred_at_ms), tool_call_id, toInt64(1)
    FROM ${w.table("tool_call_events")}
    ${parts > 1 ? `WHERE cityHash64(tool_call_id) % ${sqlValue(parts)} = ${sqlValue(part)}` : ""}
    GROUP BY tenant_id, tool_call_id`;
}

/** A call's reduced status over its events (events-v1.md): the latest terminal event's, else `started`. */
export const CALL_STATUS_SQL = "if(countIf(status != 'started') > 0, argMaxIf(status, (occurred_at_ms, event_id), status != 'started'), 'started')";

/**
 * Fills tool_call_states (migration 0012) from the stored events: one +1 row per call at its
 * state (first time, reduced status). Run once like toolCallFirstsBackfillSql, with ingest stopped.
 */
export function toolCallStatesBackfillSql(w: Warehouse, part = 0, parts = 1): string {
  if (!Number.isSafeInteger(parts) || parts < 1 || !Number.isSafeInteger(part) || part < 0 || part >= parts) throw new RangeError(`part ${part} of ${parts}`);
  return `INSERT INTO ${w.table("tool_call_states")} (tenant_id, first_at, first_at_ms, tool_call_id, status, sign)
    SELECT tenant_id, toDateTime(intDiv(min(occurred_at_ms), 1000), 'UTC'), min(occurred_at_ms), tool_call_id, ${CALL_STATUS_SQL}, toInt64(1)
    FROM ${w.table("tool_call_events")}
    ${parts > 1 ? `WHERE cityHash64(tool_call_id) % ${sqlValue(parts)} = ${sqlValue(part)}` : ""}
    GROUP BY tenant_id, tool_call_id`;
}
