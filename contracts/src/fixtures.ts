import type { ExternalOutcomeRecordedInput } from "./schema/external-outcome-recorded";
import type { FeedbackSubmittedInput } from "./schema/feedback-submitted";
import type { ResponseCompletedInput } from "./schema/response-completed";
import type { ToolCallInput } from "./schema/tool-call";

// Builders of valid producer-side (input) events for tests and the demo generator. Each returns a
// fresh object; `overrides` replace fields (pass `undefined` to drop an optional one).

const ENVELOPE = { schema_version: 1, tenant_id: "tenant_demo", occurred_at: "2026-11-30T10:00:00.123Z" } as const;

export function makeResponseCompleted(overrides: Partial<ResponseCompletedInput> = {}): ResponseCompletedInput {
  return {
    event_id: "evt_response_1",
    event_type: "response_completed",
    ...ENVELOPE,
    response_id: "resp_1",
    session_id: "sess_1",
    user_id: "user_1",
    channel: "web",
    model: "gpt-4o-mini",
    provider: "openai",
    prompt_version: "v1",
    time_cost_ms: 1200,
    prompt_tokens: 300,
    completion_tokens: 120,
    iteration_count: 2,
    finish_reason: "stop",
    tool_count: 1,
    tools_used_names: ["web_search"],
    citation_ids: ["cite_1", "cite_2"],
    response_length: 480,
    query_text: "What is the capital of France?",
    turn_index: 0,
    ...overrides,
  };
}

export function makeToolCall(overrides: Partial<ToolCallInput> = {}): ToolCallInput {
  return {
    event_id: "evt_tool_1",
    event_type: "tool_call",
    ...ENVELOPE,
    tool_call_id: "call_1",
    status: "completed",
    tool_name: "web_search",
    user_id: "user_1",
    session_id: "sess_1",
    response_id: "resp_1",
    result_summary: "3 results",
    duration_ms: 250,
    ...overrides,
  };
}

export function makeFeedback(overrides: Partial<FeedbackSubmittedInput> = {}): FeedbackSubmittedInput {
  return {
    event_id: "evt_feedback_1",
    event_type: "feedback_submitted",
    ...ENVELOPE,
    occurred_at: "2026-11-30T10:01:00.000Z",
    client_feedback_id: "fb_1",
    target_type: "chat_message",
    target_id: "resp_1",
    user_id: "user_1",
    session_id: "sess_1",
    rating: "up",
    ...overrides,
  };
}

export function makeExternalOutcome(
  overrides: Partial<ExternalOutcomeRecordedInput> = {},
): ExternalOutcomeRecordedInput {
  return {
    event_id: "evt_external_1",
    event_type: "external_outcome_recorded",
    ...ENVELOPE,
    occurred_at: "2026-11-30T10:15:00.000Z",
    response_id: "resp_1",
    source: "vikingbot",
    label: "positive_feedback",
    evidence: { feedback_type: "thumb_up", feedback_score: 1, user_follow_up_count: 0 },
    ...overrides,
  };
}
