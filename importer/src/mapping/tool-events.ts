import type { ToolCallInput } from "@answerscope/contracts";
import type { PositionedToolUse } from "../vikingbot/parse-session";
import { derivedId } from "./event-id";
import { fitToolCall } from "./event-size";
import type { MappedEvent, MappingContext } from "./mapping-context";
import { isoOf } from "./local-time";

/** Where the calls of one assistant message belong. */
export type ToolCallParent = {
  readonly sessionKey: string;
  readonly sessionId: string;
  readonly userId: string;
  readonly responseId: string | null;
  /** The assistant line, naming the message when it has no response id (heartbeats). */
  readonly line: number;
  readonly occurredAtMs: number;
};

/** A tool's `result` as text: strings as they are, anything else as JSON. */
export function resultText(result: unknown): string | null {
  if (result === undefined || result === null) return null;
  if (typeof result === "string") return result;
  return JSON.stringify(result) ?? null;
}

/**
 * Each `tools_used` entry as one terminal `tool_call` (vikingbot logs a call once it ended, so there
 * is no `started` event: the pipeline infers the start). Success is read in records.ts.
 */
export function toolEventsOf(
  tools: readonly PositionedToolUse[],
  parent: ToolCallParent,
  context: MappingContext,
): MappedEvent[] {
  return tools.map(({ position, use }) => {
    const failed = !use.succeeded;
    const result = resultText(use.result);
    const origin = parent.responseId ?? `line:${parent.line}`;
    const event: ToolCallInput = {
      event_id: derivedId("vbt", [
        context.tenantId,
        parent.sessionKey,
        "tool_call",
        origin,
        position,
        use.tool_call_id ?? "",
      ]),
      event_type: "tool_call",
      schema_version: 1,
      tenant_id: context.tenantId,
      occurred_at: isoOf(parent.occurredAtMs),
      // Derived, not vikingbot's own id: calls are reduced per tenant and tool_call_id, and a model's
      // call ids (`call_0`, ...) are not unique across sessions.
      tool_call_id: derivedId("vbtc", [context.tenantId, parent.sessionKey, origin, position, use.tool_call_id ?? ""]),
      status: failed ? "failed" : "completed",
      tool_name: use.tool_name,
      user_id: parent.userId,
      session_id: parent.sessionId,
      ...(parent.responseId ? { response_id: parent.responseId } : {}),
      ...(use.arguments ? { arguments: use.arguments } : {}),
      ...(result !== null ? (failed ? { error_message: result } : { result_summary: result }) : {}),
      ...(use.duration_ms !== null ? { duration_ms: use.duration_ms } : {}),
    };
    return { event: fitToolCall(event), occurredAtMs: parent.occurredAtMs };
  });
}
