import { MAX_EVENT_BYTES, TEXT_LIMITS, truncateChars, type ToolCallInput } from "@answerscope/contracts";

/** Headroom under the collector's 256 KiB limit for the JSON array around the event. */
const BUDGET_BYTES = MAX_EVENT_BYTES - 1024;

const sizeOf = (event: unknown): number => Buffer.byteLength(JSON.stringify(event), "utf8");

/** Every string inside a JSON value cut to `limit` characters. */
function truncateStrings(value: unknown, limit: number): unknown {
  if (typeof value === "string") return truncateChars(value, limit);
  if (Array.isArray(value)) return value.map((item) => truncateStrings(item, limit));
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, truncateStrings(item, limit)]));
  return value;
}

/**
 * A tool call small enough for the collector. The contract stores at most 2000 characters of a
 * result, an error and the arguments' JSON, so cutting texts to those limits first changes nothing
 * that is stored; only then, if still too big (thousands of argument keys), the arguments go.
 */
export function fitToolCall(event: ToolCallInput): ToolCallInput {
  if (sizeOf(event) <= BUDGET_BYTES) return event;
  const cut: ToolCallInput = {
    ...event,
    ...(typeof event.result_summary === "string"
      ? { result_summary: truncateChars(event.result_summary, TEXT_LIMITS.result_summary) }
      : {}),
    ...(typeof event.error_message === "string"
      ? { error_message: truncateChars(event.error_message, TEXT_LIMITS.error_message) }
      : {}),
    ...(event.arguments
      ? { arguments: truncateStrings(event.arguments, TEXT_LIMITS.arguments_json) as Record<string, unknown> }
      : {}),
  };
  if (sizeOf(cut) <= BUDGET_BYTES) return cut;
  const { arguments: _dropped, ...withoutArguments } = cut;
  return withoutArguments;
}
