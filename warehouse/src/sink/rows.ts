import type { ExternalOutcomeRecorded, FeedbackSubmitted, ResponseCompleted, ToolCall } from "@answerscope/contracts";
import { redactPayload, redactSecrets } from "@answerscope/contracts";
import { EVENT_DIMENSIONS } from "@answerscope/contracts/vocabularies";
import { latencyBucket } from "../metrics/latency-histogram";

/**
 * Normalized events (the contracts' zod output) to rows of the fact tables in
 * sql/migrations/0001. Absent optional values become the column's "none" value
 * ('' for strings, -1 for integers that may legitimately be 0, 0 for severity 1..5)
 * because Nullable columns cost an extra file per column on every part.
 */
const seconds = (ms: number) => Math.floor(ms / 1000);

/** The columns that name a response version and when it happened and arrived: responses' and response_texts'. */
const responseVersionColumns = (event: ResponseCompleted, ingestedAtMs: number) => ({
  tenant_id: event.tenant_id,
  response_id: event.response_id,
  event_id: event.event_id,
  occurred_at: seconds(event.occurred_at_ms),
  occurred_at_ms: event.occurred_at_ms,
  ingested_at_ms: ingestedAtMs,
});

export function responseRow(event: ResponseCompleted, ingestedAtMs: number) {
  return {
    ...responseVersionColumns(event, ingestedAtMs),
    session_id: event.session_id,
    user_id: event.user_id,
    channel: event.channel,
    model: event.model,
    provider: event.provider,
    chat_type: event.chat_type,
    session_type: event.session_type,
    language: event.language,
    user_segment: event.user_segment,
    query_category: event.query_category,
    query_category_source: event.query_category_source,
    prompt_version: event.prompt_version,
    bot_version: event.bot_version,
    trace_id: event.trace_id ?? "",
    time_cost_ms: event.time_cost_ms,
    prompt_tokens: event.prompt_tokens,
    completion_tokens: event.completion_tokens,
    total_tokens: event.total_tokens,
    iteration_count: event.iteration_count,
    finish_reason: event.finish_reason,
    tool_count: event.tool_count,
    tools_used_names: event.tools_used_names,
    citation_ids: event.citation_ids ?? [],
    response_length: event.response_length,
    query_text: event.query_text ?? "",
    turn_index: event.turn_index ?? -1,
    latency_bucket: latencyBucket(event.time_cost_ms),
    became_current: 1,
    ...NOTHING_SUPERSEDED,
  };
}

/**
 * The question and answer of a response as sent, for response_texts (migration 0021), or null
 * without an answer text. Not stored as it is: the privacy step (privacy/answer-text-policy.ts)
 * drops it unless the tenant opted in, and redacts and bounds it otherwise.
 */
export function responseTextRow(event: ResponseCompleted, ingestedAtMs: number) {
  if (event.answer_text == null) return null;
  return {
    ...responseVersionColumns(event, ingestedAtMs),
    question_text: event.query_text ?? "",
    question_truncated: 0,
    answer_text: event.answer_text,
    answer_truncated: 0,
  };
}

/** The prev_* columns of a response row that supersedes no earlier version. */
const NOTHING_SUPERSEDED = {
  prev_exists: 0,
  prev_occurred_at: 0,
  ...(Object.fromEntries(EVENT_DIMENSIONS.map((dimension) => [`prev_${dimension}`, ""])) as Record<
    `prev_${(typeof EVENT_DIMENSIONS)[number]}`,
    string
  >),
  prev_finish_reason: "",
  prev_latency_bucket: 0,
  prev_iteration_count: 0,
  prev_tool_count: 0,
  prev_total_tokens: 0,
};

/** The columns of a version that a later version of the same response carries when it supersedes it. */
export const SUPERSEDED_COLUMNS = [
  "occurred_at",
  ...EVENT_DIMENSIONS,
  "finish_reason",
  "latency_bucket",
  "iteration_count",
  "tool_count",
  "total_tokens",
] as const;

/** `next` now supersedes `previous`: copy the previous version's values into prev_*. */
export function supersede<T extends ResponseRowShape>(
  next: T,
  previous: Pick<ResponseRowShape, (typeof SUPERSEDED_COLUMNS)[number]>,
): T {
  const prev = Object.fromEntries(SUPERSEDED_COLUMNS.map((column) => [`prev_${column}`, previous[column]]));
  return { ...next, ...prev, prev_exists: 1 };
}

type ResponseRowShape = ReturnType<typeof responseRow>;

/** Versions of one response: the latest occurred_at wins, ties go to the greatest event_id (docs/events.md). */
export function isLaterVersion(
  a: Pick<ResponseRowShape, "occurred_at_ms" | "event_id">,
  b: Pick<ResponseRowShape, "occurred_at_ms" | "event_id">,
): boolean {
  return a.occurred_at_ms !== b.occurred_at_ms ? a.occurred_at_ms > b.occurred_at_ms : a.event_id > b.event_id;
}

export function toolCallRow(event: ToolCall, ingestedAtMs: number) {
  return {
    tenant_id: event.tenant_id,
    tool_call_id: event.tool_call_id,
    event_id: event.event_id,
    occurred_at: seconds(event.occurred_at_ms),
    occurred_at_ms: event.occurred_at_ms,
    ingested_at_ms: ingestedAtMs,
    status: event.status,
    tool_name: event.tool_name,
    user_id: event.user_id,
    session_id: event.session_id ?? "",
    diagnostic_task_id: event.diagnostic_task_id ?? "",
    response_id: event.response_id ?? "",
    arguments_json: event.arguments_json ?? "",
    argument_keys: event.argument_keys ?? [],
    result_summary: event.result_summary ?? "",
    error_message: event.error_message ?? "",
    error_category: event.error_category ?? "",
    duration_ms: event.duration_ms ?? -1,
    // Set by the sink (call-marks.ts): what this event changes about its call.
    becomes_first: 0,
    prev_first_at_ms: 0,
    state_changed: 0,
    state_first_at_ms: 0,
    state_status: "",
    state_tool_name: "",
    state_error_category: "",
    state_duration_ms: -1,
    prev_state_first_at_ms: 0,
    prev_state_status: "",
    prev_state_tool_name: "",
    prev_state_error_category: "",
    prev_state_duration_ms: -1,
  };
}

export function feedbackRow(event: FeedbackSubmitted, ingestedAtMs: number) {
  return {
    tenant_id: event.tenant_id,
    target_id: event.target_id,
    event_id: event.event_id,
    occurred_at: seconds(event.occurred_at_ms),
    occurred_at_ms: event.occurred_at_ms,
    ingested_at_ms: ingestedAtMs,
    client_feedback_id: event.client_feedback_id,
    content_hash: event.content_hash,
    target_type: event.target_type,
    subject_id: event.subject_id ?? "",
    diagnostic_task_id: event.diagnostic_task_id ?? "",
    user_id: event.user_id,
    session_id: event.session_id ?? "",
    run_id: event.run_id ?? "",
    rating: event.rating,
    reason: event.reason ?? "",
    reason_code: event.reason_code ?? "",
    comment: event.comment ?? "",
    correction: event.correction ?? "",
    severity: event.severity ?? 0,
    // No score is 0 on the empty scale 0..0 (migration 0022): a valid scale has score_min < score_max.
    score: event.score ?? 0,
    score_min: event.score_min ?? 0,
    score_max: event.score_max ?? 0,
  };
}

/** A foreign outcome label (sql/migrations/0005); the latest evaluation per response and source counts on read. */
export function externalLabelRow(event: ExternalOutcomeRecorded, ingestedAtMs: number) {
  return {
    tenant_id: event.tenant_id,
    response_id: event.response_id,
    source: event.source,
    event_id: event.event_id,
    occurred_at: seconds(event.occurred_at_ms),
    occurred_at_ms: event.occurred_at_ms,
    ingested_at_ms: ingestedAtMs,
    label: event.label,
    evidence_json: event.evidence_json ?? "",
  };
}

/** Raw payloads are kept for producers to debug, bounded so a flood of huge bad events stays cheap. */
export const REJECTED_PAYLOAD_MAX_CHARS = 16 * 1024;

export interface Rejection {
  dedupKey: string;
  receivedAtMs: number;
  source: string;
  reason: string;
  message: string;
  eventId?: string;
  tenantId?: string;
  eventType?: string;
  payload: string;
  payloadBytes: number;
}

/**
 * The row of a rejected event. Its payload and message are redacted here, whatever redacted
 * them before (the pipeline does, for the dead-letter topic): every row of rejected_events is
 * built here, including records read back from the dead-letter topic that another writer put there.
 */
export function rejectedRow(rejection: Rejection) {
  return {
    tenant_id: rejection.tenantId ?? "",
    dedup_key: rejection.dedupKey,
    received_at: seconds(rejection.receivedAtMs),
    received_at_ms: rejection.receivedAtMs,
    source: rejection.source,
    reason: rejection.reason,
    message: redactSecrets(rejection.message).slice(0, 1000),
    event_id: rejection.eventId ?? "",
    event_type: rejection.eventType ?? "",
    payload: redactPayload(rejection.payload).slice(0, REJECTED_PAYLOAD_MAX_CHARS),
    payload_bytes: rejection.payloadBytes,
  };
}

export type ResponseRow = ReturnType<typeof responseRow>;
export type ResponseTextRow = NonNullable<ReturnType<typeof responseTextRow>>;
export type ToolCallRow = ReturnType<typeof toolCallRow>;
export type FeedbackRow = ReturnType<typeof feedbackRow>;
export type RejectedRow = ReturnType<typeof rejectedRow>;
export type ExternalLabelRow = ReturnType<typeof externalLabelRow>;
