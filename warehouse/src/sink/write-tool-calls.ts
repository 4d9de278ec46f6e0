import type { Warehouse } from "../client";
import { addStoredEvent, markCalls, toolCallKey, type CallEvent, type StoredCall } from "./call-marks";
import { rowsMatchingKeys } from "./key-lookup";
import type { ToolCallRow } from "./rows";

/**
 * Every stored event of the given calls (what the reduction reads of each), and every event of
 * them in `pending` (rows a running write stores), folded per call.
 */
async function storedCalls(warehouse: Warehouse, rows: readonly ToolCallRow[], pending: readonly ToolCallRow[]): Promise<Map<string, StoredCall>> {
  const keys = [...new Map(rows.map((row) => [toolCallKey(row), [row.tenant_id, row.tool_call_id]])).values()];
  const found = await rowsMatchingKeys<CallEvent>(
    warehouse,
    `SELECT tenant_id, tool_call_id, event_id, occurred_at_ms, status, tool_name, duration_ms, error_category FROM ${warehouse.table("tool_call_events")}`,
    ["tenant_id", "tool_call_id"],
    keys,
  );
  // The lookup returns a superset (each column matched on its own): keep the calls asked for.
  const wanted = new Set(rows.map(toolCallKey));
  const calls = new Map<string, StoredCall>();
  for (const event of found) if (wanted.has(toolCallKey(event))) addStoredEvent(calls, { ...event, occurred_at_ms: Number(event.occurred_at_ms), duration_ms: Number(event.duration_ms) });
  // addStoredEvent folds a copy of a stored event into the same state: a pending row the lookup already saw changes nothing.
  for (const row of pending) if (wanted.has(toolCallKey(row))) addStoredEvent(calls, row);
  return calls;
}

/**
 * Tool-call rows to insert (the batch's own copies are already dropped by prepareFacts): events
 * already stored, or in `pending` (rows a running write will store), are dropped, and each row
 * carries what it changes about its call (call-marks.ts), from the same lookup that finds the
 * stored events.
 */
export async function toolCallsToInsert(warehouse: Warehouse, rows: readonly ToolCallRow[], pending: readonly ToolCallRow[] = []): Promise<ToolCallRow[]> {
  if (rows.length === 0) return [];
  const stored = await storedCalls(warehouse, rows, pending);
  const fresh = rows.filter((row) => !stored.get(toolCallKey(row))?.eventIds.has(row.event_id));
  return markCalls(fresh, stored);
}
