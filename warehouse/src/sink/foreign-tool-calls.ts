import type { Rejection } from "./rows";
import type { ToolCallRow } from "./rows";

/** The source of the rejections the sink makes itself (not the pipeline's), for their counter. */
export const TOOL_CALL_RULES_SOURCE = "tool_call_rules";

/** Stored fields of a refused tool-call event shown as its payload (its raw text is not at hand in the sink). */
const PAYLOAD_COLUMNS = [
  "event_id",
  "tenant_id",
  "tool_call_id",
  "status",
  "tool_name",
  "user_id",
  "session_id",
  "diagnostic_task_id",
  "response_id",
  "result_summary",
  "error_message",
  "error_category",
] as const;

/**
 * A terminal tool-call event of another user than the call's owner (call-marks.ts,
 * isForeignTerminal) as a `forbidden` rejection, one per event: a re-delivery is the same row.
 * Its texts are the contract's, already redacted; rejectedRow redacts again all the same.
 */
export function foreignTerminalRejection(row: ToolCallRow): Rejection {
  const payload = JSON.stringify(
    Object.fromEntries(PAYLOAD_COLUMNS.map((column) => [column, row[column]]).filter(([, value]) => value !== "")),
  );
  return {
    dedupKey: `tool_call:${row.tool_call_id}:${row.event_id}`,
    receivedAtMs: row.ingested_at_ms,
    source: TOOL_CALL_RULES_SOURCE,
    reason: "forbidden",
    message: `tool call ${row.tool_call_id} belongs to the user of its first event: a ${row.status} event of another user never finalizes it`,
    eventId: row.event_id,
    tenantId: row.tenant_id,
    eventType: "tool_call",
    payload,
    payloadBytes: Buffer.byteLength(payload),
  };
}
