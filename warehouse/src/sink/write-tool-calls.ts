import type { Warehouse } from "../client";
import { addStoredEvent, markCalls, toolCallKey, type CallEvent, type StoredCall } from "./call-marks";
import { rowsMatchingKeys } from "./key-lookup";
import { pendingRowsWanted } from "./pending-rows";
import type { ToolCallRow } from "./rows";

/**
 * Every stored event of the given calls (what the reduction reads of each), and every event of
 * them in `pending` (rows a running write stores), folded per call.
 */
async function storedCalls(
  warehouse: Warehouse,
  rows: readonly ToolCallRow[],
  rowKeys: readonly string[],
  pending: readonly ToolCallRow[],
): Promise<Map<string, StoredCall>> {
  const keys = [...new Map(rows.map((row, index) => [rowKeys[index]!, [row.tenant_id, row.tool_call_id]])).values()];
  const found = await rowsMatchingKeys<CallEvent>(
    warehouse,
    `SELECT tenant_id, tool_call_id, event_id, occurred_at_ms, status, tool_name, duration_ms, error_category, user_id FROM ${warehouse.table("tool_call_events")}`,
    ["tenant_id", "tool_call_id"],
    keys,
  );
  // The lookup returns a superset (each column matched on its own): keep the calls asked for.
  const wanted = new Set(rowKeys);
  const calls = new Map<string, StoredCall>();
  for (const event of found) {
    const key = toolCallKey(event);
    if (wanted.has(key))
      addStoredEvent(
        calls,
        { ...event, occurred_at_ms: Number(event.occurred_at_ms), duration_ms: Number(event.duration_ms) },
        key,
      );
  }
  // addStoredEvent folds a copy of a stored event into the same state: a pending row the lookup already saw changes nothing.
  const wantedIds = new Set(rows.map((row) => row.tool_call_id));
  for (const [row, key] of pendingRowsWanted(pending, (row) => row.tool_call_id, toolCallKey, wantedIds, wanted))
    addStoredEvent(calls, row, key);
  return calls;
}

/**
 * Tool-call rows to insert (the batch's own copies are already dropped by prepareFacts): events
 * already stored, or in `pending` (rows a running write will store), are dropped, and each row
 * carries what it changes about its call (call-marks.ts), from the same lookup that finds the
 * stored events. Terminal events of another user than the call's owner are not inserted but
 * returned as `foreign`, to be stored as rejected.
 */
export async function toolCallsToInsert(
  warehouse: Warehouse,
  rows: readonly ToolCallRow[],
  pending: readonly ToolCallRow[] = [],
): Promise<{ rows: ToolCallRow[]; foreign: ToolCallRow[] }> {
  if (rows.length === 0) return { rows: [], foreign: [] };
  // Each row's key built once: a joined key is a new string, flattened and hashed at every map access.
  const keys = rows.map(toolCallKey);
  const stored = await storedCalls(warehouse, rows, keys, pending);
  const fresh: ToolCallRow[] = [];
  const freshKeys: string[] = [];
  rows.forEach((row, index) => {
    if (stored.get(keys[index]!)?.eventIds.has(row.event_id)) return;
    fresh.push(row);
    freshKeys.push(keys[index]!);
  });
  const foreign: ToolCallRow[] = [];
  return { rows: markCalls(fresh, stored, freshKeys, foreign), foreign };
}
