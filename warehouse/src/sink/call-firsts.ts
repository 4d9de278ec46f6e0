import type { ToolCallRow } from "./rows";

/** Tenant and call id of a tool-call row, as one map key. */
export const toolCallKey = (row: { tenant_id: string; tool_call_id: string }) => `${row.tenant_id}\u0000${row.tool_call_id}`;

/**
 * Marks, in write order, each tool-call event that lowers its call's first time (the call's time
 * in metrics-v1.md): `becomes_first` = 1 and `prev_first_at_ms` = the first time it replaces (0 for
 * the call's first stored event). `storedFirsts` holds the first time of calls already stored,
 * by tenant and call id. Migration 0007's views turn the marks into the time-keyed
 * `tool_call_firsts`. An event at the same time as the current first changes nothing, so a
 * re-delivered copy never moves a call.
 */
export function markCallFirsts(rows: readonly ToolCallRow[], storedFirsts: ReadonlyMap<string, number>): ToolCallRow[] {
  const firsts = new Map(storedFirsts);
  return rows.map((row) => {
    const key = toolCallKey(row);
    const first = firsts.get(key);
    if (first !== undefined && row.occurred_at_ms >= first) return { ...row, becomes_first: 0, prev_first_at_ms: 0 };
    firsts.set(key, row.occurred_at_ms);
    return { ...row, becomes_first: 1, prev_first_at_ms: first ?? 0 };
  });
}
