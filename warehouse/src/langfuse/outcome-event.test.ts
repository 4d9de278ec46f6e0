import { describe, expect, it } from "vitest";
import { isOtelTraceId, outcomeEvent } from "./outcome-event";
import type { LabelledResponse } from "./outcome-scores";

const row = (trace_id: string): LabelledResponse => ({
  response_id: "r1",
  trace_id,
  label: "good",
  label_reason: "window_closed_no_followup",
  explicit_rating: "",
  followup_response_id: "",
  followup_is_reask: 0,
  window_closed: 1,
  tool_calls_completed: 0,
  tool_calls_failed: 0,
  tool_calls_unfinished: 0,
  time_cost_ms: 900,
  occurred_at_ms: Date.parse("2026-11-30T10:00:00.000Z"),
  evaluated_at_ms: Date.parse("2026-11-30T11:00:00.000Z"),
});

describe("the outcome event's trace id", () => {
  it.each([
    ["4bf92f3577b34da6a3ce929d0e0e4736", true],
    // OTLP carries 16 bytes; Langfuse hex-encodes them in lower case, so other spellings name other traces.
    ["4BF92F3577B34DA6A3CE929D0E0E4736", false],
    ["4bf92f35-77b3-4da6-a3ce-929d0e0e4736", false],
    ["4bf92f3577b34da6a3ce929d0e0e473", false],
    ["00000000000000000000000000000000", false],
    ["trace-legacy-2", false],
  ])("%s: carried over OTLP %s", (traceId, carried) => {
    expect(isOtelTraceId(traceId)).toBe(carried);
    expect(outcomeEvent("t", row(traceId), 600_000) !== null).toBe(carried);
  });

  it("keeps its span and parent ids across re-evaluations, and apart per tenant and response", () => {
    const event = outcomeEvent("t", row("4bf92f3577b34da6a3ce929d0e0e4736"), 600_000)!;
    expect(event.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(event.parentSpanId).toMatch(/^[0-9a-f]{16}$/);
    expect(event.parentSpanId).not.toBe(event.spanId);
    expect(
      outcomeEvent("t", { ...row("4bf92f3577b34da6a3ce929d0e0e4736"), label: "bad", evaluated_at_ms: 0 }, 600_000),
    ).toMatchObject({ spanId: event.spanId, parentSpanId: event.parentSpanId });
    expect(outcomeEvent("u", row("4bf92f3577b34da6a3ce929d0e0e4736"), 600_000)!.spanId).not.toBe(event.spanId);
    expect(
      outcomeEvent("t", { ...row("4bf92f3577b34da6a3ce929d0e0e4736"), response_id: "r2" }, 600_000)!.spanId,
    ).not.toBe(event.spanId);
  });
});
