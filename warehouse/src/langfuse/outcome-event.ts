import type { LabelledResponse } from "./outcome-scores";
import { stableId } from "./score-ids";

/** The name of the Langfuse event that carries the verdict under the trace. */
export const OUTCOME_EVENT_NAME = "response_outcome_evaluated";

/**
 * The verdict as an event observation under the response's trace (README: "Write-back"), sent as
 * an OpenTelemetry span (otel-events.ts). Never an update of the finished generation.
 */
export interface OutcomeEventWrite {
  /** 32 lowercase hex: the trace as OpenTelemetry names it. */
  traceId: string;
  /** The event's observation id in Langfuse (the span id): stable, so a re-evaluation updates it. */
  spanId: string;
  /**
   * A parent span id derived from the response. No such observation exists: Langfuse's trace view
   * shows an observation with an unknown parent at the top of the trace. Without a parent the span
   * would be a root span, which Langfuse maps to a full trace update (name, metadata) of the trace.
   */
  parentSpanId: string;
  responseId: string;
  name: typeof OUTCOME_EVENT_NAME;
  /** The answer's time, so the event sits with the answer on the trace's timeline. */
  atMs: number;
  metadata: {
    label: string;
    rule: string;
    window_closed: boolean;
    window_ms: number;
    followup_response_id: string | null;
    followup_is_reask: boolean;
    response_id: string;
    evaluated_at: string;
  };
}

/**
 * Whether a trace id can be carried by OTLP: 16 bytes, written as 32 lowercase hex (what every
 * OpenTelemetry-based Langfuse SDK creates), not all zeros (OpenTelemetry's invalid id).
 */
export const isOtelTraceId = (traceId: string): boolean => /^[0-9a-f]{32}$/.test(traceId) && !/^0+$/.test(traceId);

/** The event of one labelled response; null when its trace id cannot be carried over OTLP. */
export function outcomeEvent(tenantId: string, row: LabelledResponse, windowMs: number): OutcomeEventWrite | null {
  if (!isOtelTraceId(row.trace_id)) return null;
  const hex = stableId(tenantId, row.response_id, OUTCOME_EVENT_NAME).replaceAll("-", "");
  return {
    traceId: row.trace_id,
    spanId: hex.slice(0, 16),
    parentSpanId: hex.slice(16, 32),
    responseId: row.response_id,
    name: OUTCOME_EVENT_NAME,
    atMs: Number(row.occurred_at_ms),
    metadata: {
      label: row.label,
      rule: row.label_reason,
      window_closed: Number(row.window_closed) === 1,
      window_ms: windowMs,
      followup_response_id: row.followup_response_id || null,
      followup_is_reask: Number(row.followup_is_reask) === 1,
      response_id: row.response_id,
      evaluated_at: new Date(Number(row.evaluated_at_ms)).toISOString(),
    },
  };
}
