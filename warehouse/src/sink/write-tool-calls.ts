import type { Warehouse } from "../client";
import { markCallFirsts, toolCallKey } from "./call-firsts";
import { rowsMatchingKeys } from "./key-lookup";
import type { ToolCallRow } from "./rows";

interface StoredEvent {
  tenant_id: string;
  tool_call_id: string;
  event_id: string;
  occurred_at_ms: number;
}

/** Every stored event of the given calls (id and time). */
async function storedEvents(warehouse: Warehouse, rows: readonly ToolCallRow[]): Promise<StoredEvent[]> {
  const keys = [...new Map(rows.map((row) => [toolCallKey(row), [row.tenant_id, row.tool_call_id]])).values()];
  const found = await rowsMatchingKeys<StoredEvent>(
    warehouse,
    `SELECT tenant_id, tool_call_id, event_id, occurred_at_ms FROM ${warehouse.table("tool_call_events")}`,
    ["tenant_id", "tool_call_id"],
    keys,
  );
  // The lookup returns a superset (each column matched on its own): keep the calls asked for.
  const wanted = new Set(rows.map(toolCallKey));
  return found.filter((row) => wanted.has(toolCallKey(row))).map((row) => ({ ...row, occurred_at_ms: Number(row.occurred_at_ms) }));
}

/**
 * Tool-call rows to insert (the batch's own copies are already dropped by writeFacts): events
 * already stored are dropped, and
 * each row carries whether it lowers its call's first time (call-firsts.ts), from the same
 * lookup that finds the stored events.
 */
export async function toolCallsToInsert(warehouse: Warehouse, rows: readonly ToolCallRow[]): Promise<ToolCallRow[]> {
  if (rows.length === 0) return [];
  const storedIds = new Set<string>();
  const storedFirsts = new Map<string, number>();
  for (const event of await storedEvents(warehouse, rows)) {
    const key = toolCallKey(event);
    storedIds.add(`${key}\u0000${event.event_id}`);
    storedFirsts.set(key, Math.min(storedFirsts.get(key) ?? Infinity, event.occurred_at_ms));
  }
  const fresh = rows.filter((row) => !storedIds.has(`${toolCallKey(row)}\u0000${row.event_id}`));
  return markCallFirsts(fresh, storedFirsts);
}
