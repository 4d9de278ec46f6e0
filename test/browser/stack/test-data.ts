import { makeExternalOutcome, makeFeedback, makeResponseCompleted, makeToolCall } from "@answerscope/contracts";
import { generateDemoEvents } from "@answerscope/demo";

/** Known objects the browser tests look for, beside the generated demo traffic. */
export const EDGE = {
  /** Down-rated (revised from up), re-asked, with a trace and every kind of tool call. */
  badResponseId: "edge-bad-1",
  traceId: "trace-edge-1",
  followupResponseId: "edge-followup-1",
  /** Down-rated, without a trace id. */
  noTraceResponseId: "edge-notrace-1",
  /** Tenant acme's response: the demo tenant must never see it. */
  otherTenantResponseId: "acme-private-1",
  /** A model only these edge responses use: its slice is a small sample. */
  model: "edge-model-x",
  secret: "hunter2",
} as const;

export interface TestData {
  events: object[];
  /** Start and end of the generated traffic (epoch ms). */
  fromMs: number;
  toMs: number;
}

/**
 * Demo traffic for two tenants over six hours ending ten minutes ago, plus the edge objects a few
 * minutes later (the newest down-rated samples). Malformed demo messages that are still JSON are
 * kept: the pipeline rejects them into rejected_events, which the rejected-events view shows.
 */
export function buildTestData(nowMs: number, demoEvents = 6000): TestData {
  const toMs = nowMs - 10 * 60_000;
  const fromMs = toMs - 6 * 3600_000;
  const events: object[] = [];
  for (const message of generateDemoEvents(
    {
      events: demoEvents,
      seed: 11,
      tenants: ["demo", "acme"],
      time: { mode: "backfill", endMs: toMs, windowMs: toMs - fromMs },
    },
    nowMs,
  )) {
    try {
      events.push(JSON.parse(message.value) as object);
    } catch {
      // Not JSON: belongs to no tenant, so no view could show it.
    }
  }
  events.push(...edgeEvents(nowMs - 8 * 60_000));
  events.push(...vikingbotLabels(events));
  return { events, fromMs, toMs };
}

const VIKINGBOT_LABELS = [
  "positive_feedback",
  "negative_feedback",
  "reasked",
  "resolved",
  "follow_up_without_feedback",
  "follow_up",
] as const;

/**
 * vikingbot's own labels (the label-agreement view) on every third response of tenant demo, cycling
 * through its vocabulary, evaluated a minute after the answer; the down-rated edge response gets
 * positive_feedback, a disagreement the view must show. Tenant acme gets none: its view is empty.
 */
function vikingbotLabels(events: readonly object[]): object[] {
  const responses = events.filter(
    (event): event is { event_type: string; tenant_id: string; response_id: string; occurred_at: string } => {
      const candidate = event as { event_type?: unknown; tenant_id?: unknown };
      return candidate.event_type === "response_completed" && candidate.tenant_id === "demo";
    },
  );
  return responses.flatMap((response, index) => {
    const label =
      response.response_id === EDGE.badResponseId
        ? "positive_feedback"
        : index % 3 === 0
          ? VIKINGBOT_LABELS[(index / 3) % VIKINGBOT_LABELS.length]!
          : null;
    if (label === null) return [];
    const evaluatedAt = new Date(Date.parse(response.occurred_at) + 60_000).toISOString();
    return [
      makeExternalOutcome({
        event_id: `vb-label-${response.response_id}-${index}`,
        tenant_id: "demo",
        response_id: response.response_id,
        occurred_at: evaluatedAt,
        label,
        evidence: undefined,
      }),
    ];
  });
}

function edgeEvents(startMs: number): object[] {
  const at = (offsetMs: number) => new Date(startMs + offsetMs).toISOString();
  const tenant = "demo";
  const session = "edge-session-1";
  const user = "edge-user-1";
  const common = { tenant_id: tenant, session_id: session, user_id: user, response_id: EDGE.badResponseId };
  return [
    // Tool calls: one of each lifecycle the detail page must mark.
    makeToolCall({
      ...common,
      event_id: "edge-tc1-start",
      occurred_at: at(0),
      tool_call_id: "edge-tc1",
      status: "started",
      tool_name: "web_search",
      result_summary: undefined,
      duration_ms: undefined,
    }),
    makeToolCall({
      ...common,
      event_id: "edge-tc1-end",
      occurred_at: at(420),
      tool_call_id: "edge-tc1",
      status: "completed",
      tool_name: "web_search",
      result_summary: "3 results",
      duration_ms: 420,
    }),
    makeToolCall({
      ...common,
      event_id: "edge-tc2-start",
      occurred_at: at(500),
      tool_call_id: "edge-tc2",
      status: "started",
      tool_name: "db_query",
      result_summary: undefined,
      duration_ms: undefined,
    }),
    makeToolCall({
      ...common,
      event_id: "edge-tc2-end",
      occurred_at: at(1700),
      tool_call_id: "edge-tc2",
      status: "failed",
      tool_name: "db_query",
      result_summary: undefined,
      duration_ms: undefined,
      error_category: "upstream",
      error_message: `connection refused for password=${EDGE.secret}`,
    }),
    makeToolCall({
      ...common,
      event_id: "edge-tc3-end",
      occurred_at: at(1900),
      tool_call_id: "edge-tc3",
      status: "completed",
      tool_name: "kb_lookup",
      result_summary: "1 article",
      duration_ms: 150,
    }),
    makeToolCall({
      ...common,
      event_id: "edge-tc4-start",
      occurred_at: at(2000),
      tool_call_id: "edge-tc4",
      status: "started",
      tool_name: "code_runner",
      result_summary: undefined,
      duration_ms: undefined,
    }),
    makeResponseCompleted({
      ...common,
      event_id: "edge-bad-1-done",
      occurred_at: at(3000),
      model: EDGE.model,
      provider: "edge-provider",
      channel: "web",
      prompt_version: "v2",
      bot_version: "1.9.0",
      query_category: "billing",
      trace_id: EDGE.traceId,
      time_cost_ms: 3000,
      iteration_count: 3,
      tool_count: 4,
      tools_used_names: ["web_search", "db_query", "kb_lookup", "code_runner"],
      citation_ids: [],
      query_text: "Why was I charged twice this month?",
      turn_index: 0,
    }),
    // Rated up, then revised to down with a reason: two accepted actions, the second decides.
    makeFeedback({
      tenant_id: tenant,
      user_id: user,
      session_id: session,
      event_id: "edge-fb-1",
      client_feedback_id: "edge-cfb-1",
      occurred_at: at(20_000),
      target_id: EDGE.badResponseId,
      rating: "up",
    }),
    makeFeedback({
      tenant_id: tenant,
      user_id: user,
      session_id: session,
      event_id: "edge-fb-2",
      client_feedback_id: "edge-cfb-2",
      occurred_at: at(40_000),
      target_id: EDGE.badResponseId,
      rating: "down",
      reason: "Not grounded",
      comment: "It cites an unrelated invoice.",
      severity: 4,
    }),
    makeResponseCompleted({
      ...common,
      response_id: EDGE.followupResponseId,
      event_id: "edge-followup-1-done",
      occurred_at: at(120_000),
      model: EDGE.model,
      provider: "edge-provider",
      prompt_version: "v2",
      bot_version: "1.9.0",
      query_category: "billing",
      trace_id: "trace-edge-2",
      tool_count: 0,
      tools_used_names: [],
      citation_ids: [],
      query_text: "that's wrong, try again",
      turn_index: 1,
    }),
    makeResponseCompleted({
      tenant_id: tenant,
      session_id: "edge-session-2",
      user_id: "edge-user-2",
      response_id: EDGE.noTraceResponseId,
      event_id: "edge-notrace-1-done",
      occurred_at: at(150_000),
      model: EDGE.model,
      provider: "edge-provider",
      prompt_version: "v1",
      bot_version: "1.8.2",
      query_category: "billing",
      trace_id: undefined,
      tool_count: 0,
      tools_used_names: [],
      citation_ids: [],
      query_text: "How do I cancel my plan?",
    }),
    makeFeedback({
      tenant_id: tenant,
      user_id: "edge-user-2",
      event_id: "edge-fb-3",
      client_feedback_id: "edge-cfb-3",
      occurred_at: at(170_000),
      target_id: EDGE.noTraceResponseId,
      rating: "down",
      reason: "incorrect",
    }),
    makeResponseCompleted({
      tenant_id: "acme",
      session_id: "acme-session-1",
      user_id: "acme-user-1",
      response_id: EDGE.otherTenantResponseId,
      event_id: "acme-private-1-done",
      occurred_at: at(160_000),
      model: "acme-only-model",
      trace_id: "acme-trace-1",
      query_text: "acme internal question",
    }),
    makeFeedback({
      tenant_id: "acme",
      user_id: "acme-user-1",
      event_id: "acme-fb-1",
      client_feedback_id: "acme-cfb-1",
      occurred_at: at(175_000),
      target_id: EDGE.otherTenantResponseId,
      rating: "down",
      reason: "unsafe",
    }),
  ];
}
