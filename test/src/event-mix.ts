import { makeFeedback, makeResponseCompleted, makeToolCall } from "@answerscope/contracts";
import type { TopicMessage } from "@answerscope/test-kit";

export interface EventMix {
  messages: TopicMessage[];
  /** Distinct valid events per fact table, per tenant: what deduped reads must show. */
  expected: { responses: number; toolCalls: number; feedback: number };
  /** The malformed messages' expected rejection reasons, in message order. */
  malformed: { value: string; reason: string }[];
}

/**
 * A known mix for the end-to-end tests: `sessions` sessions of a few answers each,
 * with tool calls (started + terminal) and feedback, every 7th event sent twice,
 * and one malformed message of each rejection kind per `malformedEvery` sessions (0: none).
 */
export function buildEventMix({
  tenantId,
  sessions,
  runId,
  malformedEvery = 10,
}: {
  tenantId: string;
  sessions: number;
  runId: string;
  malformedEvery?: number;
}): EventMix {
  const messages: TopicMessage[] = [];
  const malformed: EventMix["malformed"] = [];
  const expected = { responses: 0, toolCalls: 0, feedback: 0 };
  const base = Date.parse("2026-11-30T08:00:00.000Z");
  let sequence = 0;
  const push = (kind: TopicMessage["kind"], key: string, event: object) => {
    const value = JSON.stringify(event);
    messages.push({ kind, key, value });
    if (++sequence % 7 === 0) messages.push({ kind, key, value }); // a re-delivery: counts once
  };

  for (let s = 0; s < sessions; s++) {
    const sessionId = `${runId}-s${s}`;
    for (let turn = 0; turn < 3; turn++) {
      const responseId = `${sessionId}-r${turn}`;
      const at = (offsetMs: number) => new Date(base + s * 60_000 + turn * 10_000 + offsetMs).toISOString();
      const toolCallId = `${responseId}-t0`;
      push(
        "tool_call",
        sessionId,
        makeToolCall({
          event_id: `${toolCallId}-started`,
          tenant_id: tenantId,
          occurred_at: at(100),
          tool_call_id: toolCallId,
          status: "started",
          session_id: sessionId,
          response_id: responseId,
        }),
      );
      push(
        "tool_call",
        sessionId,
        makeToolCall({
          event_id: `${toolCallId}-end`,
          tenant_id: tenantId,
          occurred_at: at(900),
          tool_call_id: toolCallId,
          status: turn === 2 ? "failed" : "completed",
          session_id: sessionId,
          response_id: responseId,
          ...(turn === 2 ? { error_message: "upstream timeout, Bearer abc.def.ghi", error_category: "timeout" } : {}),
        }),
      );
      expected.toolCalls += 2;
      push(
        "response_completed",
        sessionId,
        makeResponseCompleted({
          event_id: `${responseId}-done`,
          tenant_id: tenantId,
          occurred_at: at(1000),
          response_id: responseId,
          session_id: sessionId,
          turn_index: turn,
        }),
      );
      expected.responses += 1;
      if (turn !== 1) {
        push(
          "feedback_submitted",
          responseId,
          makeFeedback({
            event_id: `${responseId}-fb`,
            tenant_id: tenantId,
            occurred_at: at(5000),
            target_id: responseId,
            client_feedback_id: `${responseId}-cfb`,
            rating: turn === 0 ? "up" : "down",
            reason: turn === 2 ? "Not grounded" : undefined,
          }),
        );
        expected.feedback += 1;
      }
    }
    if (malformedEvery > 0 && s % malformedEvery === 0) {
      const id = `${runId}-bad${s}`;
      const good = makeResponseCompleted({ event_id: `${id}-x`, tenant_id: tenantId, session_id: sessionId });
      const bad: { kind: TopicMessage["kind"]; value: string; reason: string }[] = [
        {
          kind: "response_completed",
          value: `{"tenant_id": "${tenantId}", "event_id": "${id}-json", broken`,
          reason: "invalid_json",
        },
        {
          kind: "response_completed",
          value: JSON.stringify({ ...good, event_id: `${id}-missing`, model: undefined }),
          reason: "missing_field:model",
        },
        {
          kind: "response_completed",
          value: JSON.stringify({ ...good, event_id: `${id}-type`, time_cost_ms: "fast" }),
          reason: "invalid_field:time_cost_ms",
        },
        {
          kind: "response_completed",
          value: JSON.stringify({ ...good, event_id: `${id}-version`, schema_version: 2 }),
          reason: "unsupported_schema_version",
        },
        {
          kind: "response_completed",
          value: JSON.stringify({ ...good, event_id: `${id}-kind`, event_type: "response_started" }),
          reason: "unsupported_event_type",
        },
        {
          kind: "tool_call",
          value: JSON.stringify(
            makeToolCall({
              event_id: `${id}-delta`,
              tenant_id: tenantId,
              session_id: sessionId,
              status: "delta" as never,
            }),
          ),
          reason: "invalid_field:status",
        },
        {
          kind: "tool_call",
          value: JSON.stringify(
            makeToolCall({
              event_id: `${id}-parents`,
              tenant_id: tenantId,
              session_id: sessionId,
              diagnostic_task_id: "diag-1",
            }),
          ),
          reason: "invalid_field:diagnostic_task_id",
        },
        {
          kind: "feedback_submitted",
          value: JSON.stringify(
            makeFeedback({ event_id: `${id}-rating`, tenant_id: tenantId, rating: "meh" as never }),
          ),
          reason: "invalid_field:rating",
        },
        {
          kind: "feedback_submitted",
          value: JSON.stringify({
            ...makeFeedback({ event_id: `${id}-huge`, tenant_id: tenantId }),
            comment: "x".repeat(300 * 1024),
          }),
          reason: "too_large",
        },
      ];
      for (const message of bad) {
        messages.push({ kind: message.kind, key: sessionId, value: message.value });
        malformed.push({ value: message.value, reason: message.reason });
      }
    }
  }
  return { messages, expected, malformed };
}
