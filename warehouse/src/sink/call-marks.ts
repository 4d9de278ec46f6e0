import type { ToolCallRow } from "./rows";

/** Tenant and call id of a tool-call row, as one map key. */
export const toolCallKey = (row: { tenant_id: string; tool_call_id: string }) => `${row.tenant_id}\u0000${row.tool_call_id}`;

/** What the marks need of a call's stored events: its first time and its winning terminal event. */
export interface StoredCall {
  firstAtMs: number;
  terminal?: { occurredAtMs: number; eventId: string; status: string };
  /** Event ids already stored (a copy of one changes nothing). */
  eventIds: Set<string>;
}

/** Folds one stored event into its call's summary (the sink's lookup, and the marks as they go). */
export function addStoredEvent(calls: Map<string, StoredCall>, event: { tenant_id: string; tool_call_id: string; event_id: string; occurred_at_ms: number; status: string }): void {
  const key = toolCallKey(event);
  const call = calls.get(key) ?? { firstAtMs: event.occurred_at_ms, eventIds: new Set<string>() };
  call.firstAtMs = Math.min(call.firstAtMs, event.occurred_at_ms);
  if (event.status !== "started" && (!call.terminal || isLaterEvent(event.occurred_at_ms, event.event_id, call.terminal))) {
    call.terminal = { occurredAtMs: event.occurred_at_ms, eventId: event.event_id, status: event.status };
  }
  call.eventIds.add(event.event_id);
  calls.set(key, call);
}

// "Latest" orders by time, ties by event_id (events-v1.md), compared as bytes like ClickHouse does.
const isLaterEvent = (occurredAtMs: number, eventId: string, than: { occurredAtMs: number; eventId: string }) =>
  occurredAtMs !== than.occurredAtMs ? occurredAtMs > than.occurredAtMs : Buffer.compare(Buffer.from(eventId), Buffer.from(than.eventId)) > 0;

const statusOf = (call: StoredCall) => call.terminal?.status ?? "started";

/**
 * Marks, in write order, what each new tool-call event changes about its call, given the calls'
 * stored events (`stored`, by toolCallKey; not modified):
 * - `becomes_first` = 1 when it lowers the call's first time (the call's time in metrics-v1.md),
 *   with `prev_first_at_ms` the first time it replaces (0 for the call's first stored event);
 *   migration 0007's views turn that into the time-keyed `tool_call_firsts`;
 * - `state_changed` = 1 when it changes the call's (first time, reduced status), the status being
 *   the latest terminal event's, else `started`; `state_*` is the new state, `prev_state_*` the
 *   one it replaces (status '' for none); migration 0012's views turn that into `tool_call_states`.
 * An event that changes neither (a re-delivered copy, a tie at the first time, an older terminal)
 * is marked 0, so no copy is ever counted twice.
 */
export function markCalls(rows: readonly ToolCallRow[], stored: ReadonlyMap<string, StoredCall>): ToolCallRow[] {
  const calls = new Map<string, StoredCall>();
  for (const [key, call] of stored) calls.set(key, { ...call, eventIds: new Set(call.eventIds) });
  return rows.map((row) => {
    const key = toolCallKey(row);
    const before = calls.get(key);
    if (before?.eventIds.has(row.event_id)) return { ...row, ...UNCHANGED };
    const prevFirst = before?.firstAtMs;
    const prevStatus = before ? statusOf(before) : "";
    addStoredEvent(calls, row);
    const after = calls.get(key)!;
    const lowersFirst = prevFirst === undefined || after.firstAtMs < prevFirst;
    const stateChanged = prevFirst === undefined || after.firstAtMs !== prevFirst || statusOf(after) !== prevStatus;
    return {
      ...row,
      becomes_first: lowersFirst ? 1 : 0,
      prev_first_at_ms: lowersFirst ? (prevFirst ?? 0) : 0,
      ...(stateChanged
        ? { state_changed: 1, state_first_at_ms: after.firstAtMs, state_status: statusOf(after), prev_state_first_at_ms: prevFirst ?? 0, prev_state_status: prevStatus }
        : UNCHANGED_STATE),
    };
  });
}

const UNCHANGED_STATE = { state_changed: 0, state_first_at_ms: 0, state_status: "", prev_state_first_at_ms: 0, prev_state_status: "" };
const UNCHANGED = { becomes_first: 0, prev_first_at_ms: 0, ...UNCHANGED_STATE };
