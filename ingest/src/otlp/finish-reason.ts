import { STATUS_ERROR, type AttrValue, type OtlpSpan } from "./spans";

/** The contract's finish reasons. */
export type FinishReason = "stop" | "max_iterations" | "no_reply" | "error" | "length" | "cancelled";

/**
 * Provider and AI SDK finish reasons to the contract's (README.md, Finish reason). A turn that
 * ended while the model still asked for tools stopped at the agent's step limit.
 */
const FINISH_REASONS: Record<string, FinishReason> = {
  stop: "stop",
  end_turn: "stop",
  stop_sequence: "stop",
  complete: "stop",
  length: "length",
  max_tokens: "length",
  model_length: "length",
  "tool-calls": "max_iterations",
  tool_calls: "max_iterations",
  tool_call: "max_iterations",
  tool_use: "max_iterations",
  "content-filter": "no_reply",
  content_filter: "no_reply",
  safety: "no_reply",
  error: "error",
};

/** Exception types that mean the caller gave up (AbortController, ...), not a failure. */
const CANCELLED_TYPES = new Set(["AbortError", "CancelledError", "asyncio.CancelledError"]);

/** The span's error type: `error.type`, else its recorded exception's type. */
export function errorTypeOf(span: OtlpSpan): string | undefined {
  const declared = span.attributes["error.type"];
  if (typeof declared === "string" && declared !== "") return declared;
  const exception = span.events.find((event) => event.name === "exception");
  const type = exception?.attributes["exception.type"];
  return typeof type === "string" && type !== "" ? type : undefined;
}

export function failed(span: OtlpSpan): boolean {
  return span.status.code === STATUS_ERROR || span.attributes["error.type"] !== undefined;
}

/**
 * A failed span is `error` (`cancelled` when its error is an abort); else its last finish reason,
 * mapped. An unknown reason is passed on as it is, so the contract rejects it by name.
 */
export function finishReasonOf(span: OtlpSpan, reason: AttrValue | undefined): string | undefined {
  if (failed(span)) return CANCELLED_TYPES.has(errorTypeOf(span) ?? "") ? "cancelled" : "error";
  const last = Array.isArray(reason) ? reason[reason.length - 1] : reason;
  if (typeof last !== "string" || last === "") return undefined;
  return FINISH_REASONS[last.toLowerCase()] ?? last;
}
