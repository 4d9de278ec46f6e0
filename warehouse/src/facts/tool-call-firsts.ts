import type { Warehouse } from "../client";
import { sqlValue } from "../sql/escape";
import { reducedToolCallsSql } from "./reduced-tool-calls";
import { sqlSubquery, tenantCondition } from "./sql-fragments";

/**
 * Fills tool_call_firsts (migration 0007) from the stored events: one +1 row per call at its
 * first time. What an existing deployment runs once after the migration, with ingest stopped
 * (a call written meanwhile would get a second +1), and what the benchmark runs on a data set
 * loaded before the view existed. `part` of `parts` splits the calls by the hash of their id,
 * so one statement's GROUP BY holds 1/parts of the calls (every event of a call is in the same part).
 */
export function toolCallFirstsBackfillSql(w: Warehouse, part = 0, parts = 1): string {
  if (!Number.isSafeInteger(parts) || parts < 1 || !Number.isSafeInteger(part) || part < 0 || part >= parts)
    throw new RangeError(`part ${part} of ${parts}`);
  return `INSERT INTO ${w.table("tool_call_firsts")} (tenant_id, first_at, first_at_ms, tool_call_id, sign)
    SELECT tenant_id, toDateTime(intDiv(min(occurred_at_ms), 1000), 'UTC'), min(occurred_at_ms), tool_call_id, toInt64(1)
    FROM ${w.table("tool_call_events")}
    ${parts > 1 ? `WHERE cityHash64(tool_call_id) % ${sqlValue(parts)} = ${sqlValue(part)}` : ""}
    GROUP BY tenant_id, tool_call_id`;
}

/**
 * Fills tool_call_states (migration 0012) for one tenant from the stored events: one +1 row per
 * call at its reduced state (reducedToolCallsSql, the rules the sink's marks follow). Run once like
 * toolCallFirstsBackfillSql, with ingest stopped; `part` of `parts` splits the calls by the hash of
 * their id.
 */
export function toolCallStatesBackfillSql(w: Warehouse, tenantId: string, part = 0, parts = 1): string {
  if (!Number.isSafeInteger(parts) || parts < 1 || !Number.isSafeInteger(part) || part < 0 || part >= parts)
    throw new RangeError(`part ${part} of ${parts}`);
  const toolCallIds =
    parts > 1
      ? sqlSubquery(
          `SELECT tool_call_id FROM ${w.table("tool_call_events")} WHERE ${tenantCondition(tenantId)} AND cityHash64(tool_call_id) % ${sqlValue(parts)} = ${sqlValue(part)}`,
        )
      : undefined;
  return `INSERT INTO ${w.table("tool_call_states")} (tenant_id, first_at, first_at_ms, tool_call_id, status, tool_name, error_category, duration_ms, sign)
    SELECT tenant_id, toDateTime(intDiv(first_at_ms, 1000), 'UTC'), first_at_ms, tool_call_id, status, tool_name, error_category, duration_ms, toInt64(1)
    FROM (${reducedToolCallsSql(w, { tenantId, toolCallIds })})`;
}
