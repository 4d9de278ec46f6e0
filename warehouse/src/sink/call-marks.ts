import type { ToolCallRow } from "./rows";

/** Tenant and call id of a tool-call row, as one map key. */
export const toolCallKey = (row: { tenant_id: string; tool_call_id: string }) =>
  `${row.tenant_id}\u0000${row.tool_call_id}`;

/** What the marks read of a tool-call event. */
export type CallEvent = Pick<
  ToolCallRow,
  | "tenant_id"
  | "tool_call_id"
  | "event_id"
  | "occurred_at_ms"
  | "status"
  | "tool_name"
  | "duration_ms"
  | "error_category"
  | "user_id"
>;

/** What the reduction of a call needs of its stored events (the docs/events.md lifecycle, as facts/reduced-tool-calls.ts). */
export interface StoredCall {
  firstAtMs: number;
  /** The earliest event by (occurred_at_ms, event_id): its user owns the call (docs/events.md). */
  first: CallEvent;
  /** The winning terminal event: the latest by (occurred_at_ms, event_id). */
  terminal?: CallEvent;
  /** The earliest `started` event by (occurred_at_ms, event_id); its time is the start for durations. */
  started?: CallEvent;
  /** Event ids already stored (a copy of one changes nothing). */
  eventIds: Set<string>;
}

/** A call's state as tool_call_states keys it (migration 0012). */
export interface CallState {
  firstAtMs: number;
  status: string;
  toolName: string;
  errorCategory: string;
  /** -1: unknown (no terminal, or a terminal without duration_ms nor a start). */
  durationMs: number;
}

// "Latest" and "earliest" order by time, ties by event_id (docs/events.md), compared as bytes like
// ClickHouse does. JavaScript's order of UTF-16 units is the order of UTF-8 bytes unless a string
// holds a surrogate pair, so only those are encoded (the sink compares every stored event).
const SURROGATE = /[\uD800-\uDFFF]/;
const isLaterId = (a: string, b: string) =>
  SURROGATE.test(a) || SURROGATE.test(b) ? Buffer.compare(Buffer.from(a), Buffer.from(b)) > 0 : a > b;
const isLater = (a: CallEvent, b: CallEvent) =>
  a.occurred_at_ms !== b.occurred_at_ms ? a.occurred_at_ms > b.occurred_at_ms : isLaterId(a.event_id, b.event_id);

/** Folds one stored event into its call's summary (the sink's lookup, and the marks as they go); `key` is its toolCallKey. */
export function addStoredEvent(calls: Map<string, StoredCall>, event: CallEvent, key = toolCallKey(event)): void {
  const call = calls.get(key) ?? { firstAtMs: event.occurred_at_ms, first: event, eventIds: new Set<string>() };
  call.firstAtMs = Math.min(call.firstAtMs, event.occurred_at_ms);
  if (isLater(call.first, event)) call.first = event;
  if (event.status === "started") {
    if (!call.started || isLater(call.started, event)) call.started = event;
  } else if (!call.terminal || isLater(event, call.terminal)) {
    call.terminal = event;
  }
  call.eventIds.add(event.event_id);
  calls.set(key, call);
}

/**
 * Whether a terminal event would finalize a call owned by someone else: its user is not the user
 * of the call's first event. Such an event is rejected as `forbidden` and never changes the call
 * (docs/events.md: a call is finalized only when owner and id both match). A `started` event is
 * never forbidden (it may be the call's first), nor any event of a call not stored yet.
 */
export function isForeignTerminal(event: Pick<CallEvent, "status" | "user_id">, call: StoredCall | undefined): boolean {
  return call !== undefined && event.status !== "started" && event.user_id !== call.first.user_id;
}

/** The reduced state of a call: the same rules as reducedToolCallsSql. */
export function callStateOf(call: StoredCall): CallState {
  const { terminal, started } = call;
  if (!terminal)
    return {
      firstAtMs: call.firstAtMs,
      status: "started",
      toolName: started?.tool_name ?? "",
      errorCategory: "",
      durationMs: -1,
    };
  const durationMs =
    terminal.duration_ms >= 0
      ? terminal.duration_ms
      : started
        ? Math.max(terminal.occurred_at_ms - started.occurred_at_ms, 0)
        : -1;
  return {
    firstAtMs: call.firstAtMs,
    status: terminal.status,
    toolName: terminal.tool_name,
    errorCategory: terminal.status === "failed" ? terminal.error_category : "",
    durationMs,
  };
}

const sameState = (a: CallState, b: CallState) =>
  a.firstAtMs === b.firstAtMs &&
  a.status === b.status &&
  a.toolName === b.toolName &&
  a.errorCategory === b.errorCategory &&
  a.durationMs === b.durationMs;

/** The columns' "no state" values (status '' for none). */
const NO_STATE: CallState = { firstAtMs: 0, status: "", toolName: "", errorCategory: "", durationMs: -1 };

/**
 * Writes a row's marks: its first-time columns, and its state columns, with the state it moves
 * the call to and the one it replaces (`changed` 0: no move, the "no state" values). Assigned one
 * by one onto the row, whose builder (toolCallRow) declares these columns: the sink marks every
 * tool-call event, and copying each row with its marks spread in was most of its checks' time.
 */
function setMarks(
  row: ToolCallRow,
  becomesFirst: 0 | 1,
  prevFirstAtMs: number,
  changed: 0 | 1,
  state: CallState,
  prev: CallState,
): void {
  row.becomes_first = becomesFirst;
  row.prev_first_at_ms = prevFirstAtMs;
  row.state_changed = changed;
  row.state_first_at_ms = state.firstAtMs;
  row.state_status = state.status;
  row.state_tool_name = state.toolName;
  row.state_error_category = state.errorCategory;
  row.state_duration_ms = state.durationMs;
  row.prev_state_first_at_ms = prev.firstAtMs;
  row.prev_state_status = prev.status;
  row.prev_state_tool_name = prev.toolName;
  row.prev_state_error_category = prev.errorCategory;
  row.prev_state_duration_ms = prev.durationMs;
}

/**
 * Marks, in write order, what each new tool-call event changes about its call, given the calls'
 * stored events (`stored`, by toolCallKey; not modified):
 * - `becomes_first` = 1 when it lowers the call's first time (the call's time in docs/metrics.md),
 *   with `prev_first_at_ms` the first time it replaces (0 for the call's first stored event);
 *   migration 0007's views turn that into the time-keyed `tool_call_firsts`;
 * - `state_changed` = 1 when it changes the call's reduced state (first time, status, tool name,
 *   error category, duration: callStateOf), with the new state in `state_*` and the one it
 *   replaces in `prev_state_*` (status '' for none); migration 0012's views turn that into
 *   `tool_call_states`.
 * An event that changes neither (a re-delivered copy, a tie at the first time, an older terminal)
 * is marked 0, so no copy is ever counted twice.
 *
 * The rows are marked in place and returned: every mark column is written each time, so a batch
 * checked again (after a failed write) gets the marks of the new check. `keys` are the rows'
 * toolCallKeys, when the caller has them. Given `foreign`, a terminal event of another user than
 * the call's owner (isForeignTerminal) is moved there instead, unmarked and left out of the calls.
 */
export function markCalls(
  rows: ToolCallRow[],
  stored: ReadonlyMap<string, StoredCall>,
  keys: readonly string[] = rows.map(toolCallKey),
  foreign?: ToolCallRow[],
): ToolCallRow[] {
  const calls = new Map<string, StoredCall>();
  for (const [key, call] of stored) calls.set(key, { ...call, eventIds: new Set(call.eventIds) });
  const marked: ToolCallRow[] = [];
  for (const [index, row] of rows.entries()) {
    const key = keys[index]!;
    const before = calls.get(key);
    if (before?.eventIds.has(row.event_id)) {
      setMarks(row, 0, 0, 0, NO_STATE, NO_STATE);
      marked.push(row);
      continue;
    }
    if (foreign && isForeignTerminal(row, before)) {
      // Never folded: the call's state, first time and owner stay as they were.
      foreign.push(row);
      continue;
    }
    marked.push(row);
    const prevFirst = before?.firstAtMs;
    const prevState = before && callStateOf(before);
    addStoredEvent(calls, row, key);
    const state = callStateOf(calls.get(key)!);
    const lowersFirst = prevFirst === undefined || state.firstAtMs < prevFirst;
    const firstMark = lowersFirst ? 1 : 0;
    const prevFirstAtMs = lowersFirst ? (prevFirst ?? 0) : 0;
    if (prevState && sameState(prevState, state)) setMarks(row, firstMark, prevFirstAtMs, 0, NO_STATE, NO_STATE);
    else setMarks(row, firstMark, prevFirstAtMs, 1, state, prevState ?? NO_STATE);
  }
  return marked;
}
