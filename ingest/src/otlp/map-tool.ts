import { redactSecrets } from "@answerscope/contracts";
import { CONTEXT_SOURCES, TOOL_SOURCES } from "./field-sources";
import { durationMsOf, eventIdOf, isoOf } from "./event-times";
import { errorTypeOf, failed } from "./finish-reason";
import { own, type SpanIndex } from "./span-index";
import type { AttrValue, OtlpSpan } from "./spans";

/** Longest error_category the contract takes. */
const MAX_CATEGORY = 64;

export const toolNameOf = (span: OtlpSpan): string | undefined => {
  const name = own(span.attributes, TOOL_SOURCES.tool_name);
  return name === undefined ? undefined : String(name);
};

/** Tool arguments as the contract wants them: a JSON object (the conventions send it as a JSON string). */
function argumentsOf(value: AttrValue | undefined): unknown {
  if (typeof value !== "string") return value ?? undefined;
  try {
    return JSON.parse(value);
  } catch {
    return { value }; // not JSON: kept, under one key, rather than lost
  }
}

const textOf = (value: AttrValue | undefined): string | undefined =>
  value === undefined ? undefined : typeof value === "string" ? value : JSON.stringify(value);

/**
 * An `execute_tool` / `ai.toolCall` span to its two `tool_call` events: `started` at the span's
 * start, `completed` or `failed` (span status ERROR or `error.type`) at its end. The error text is
 * redacted here already, so no copy of it (a Kafka message, a rejected payload) keeps a secret.
 */
export function mapTool(
  index: SpanIndex,
  span: OtlpSpan,
  tenantId: string,
  responseId: string | undefined,
): Record<string, unknown>[] {
  const context = (keys: readonly string[]) => {
    const value = index.context(span, keys);
    return value === undefined ? undefined : String(value);
  };
  const diagnosticTaskId = context(CONTEXT_SOURCES.diagnostic_task_id);
  const isFailed = failed(span);
  const exception = span.events.find((event) => event.name === "exception")?.attributes;
  const errorText = span.status.message ?? textOf(exception?.["exception.message"]);
  const common = {
    event_type: "tool_call",
    schema_version: 1,
    tenant_id: tenantId,
    tool_call_id: textOf(own(span.attributes, TOOL_SOURCES.tool_call_id)) ?? span.spanId,
    tool_name: toolNameOf(span),
    user_id: context(CONTEXT_SOURCES.user_id),
    // Exactly one parent: a diagnostic task when named, else the conversation.
    session_id: diagnosticTaskId ? undefined : context(CONTEXT_SOURCES.session_id),
    diagnostic_task_id: diagnosticTaskId,
    response_id: responseId,
  };
  return [
    {
      ...common,
      event_id: eventIdOf(span, "started"),
      occurred_at: isoOf(span.startNs),
      status: "started",
      arguments: argumentsOf(own(span.attributes, TOOL_SOURCES.arguments)),
    },
    {
      ...common,
      event_id: eventIdOf(span, "ended"),
      occurred_at: isoOf(span.endNs),
      status: isFailed ? "failed" : "completed",
      duration_ms: durationMsOf(span),
      result_summary: isFailed ? undefined : textOf(own(span.attributes, TOOL_SOURCES.result)),
      error_message: isFailed && errorText !== undefined ? redactSecrets(errorText) : undefined,
      error_category: isFailed ? errorTypeOf(span)?.slice(0, MAX_CATEGORY) : undefined,
    },
  ];
}
