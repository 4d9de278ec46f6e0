// Generated from @answerscope/contracts' JSON Schema by `npm run types -w @answerscope/sdk`; never edit.
// src/contract/events.generated.test.ts fails while this file is stale.

/** One final assistant answer. */
export interface ResponseCompletedEvent {
  /** Unique per event; the idempotency key. */
  event_id: string;
  event_type: "response_completed";
  schema_version: 1;
  /** The isolation boundary (a project or workspace). */
  tenant_id: string;
  /** RFC 3339 with zone, e.g. 2026-11-30T10:00:00.123Z. */
  occurred_at: string;
  /** Stable id of the final answer. */
  response_id: string;
  session_id: string;
  /** The owner of the conversation. */
  user_id: string;
  /** web, slack, feishu, openapi, ... */
  channel: string;
  model: string;
  provider: string;
  chat_type?: string | null;
  session_type?: string | null;
  language?: string | null;
  user_segment?: string | null;
  /** When absent the pipeline classifies query_text by rules. */
  query_category?: string | null;
  prompt_version?: string | null;
  bot_version?: string | null;
  /** Id in the tracing system, e.g. a Langfuse trace. */
  trace_id?: string | null;
  /** End-to-end latency of the answer. */
  time_cost_ms: number;
  prompt_tokens: number;
  completion_tokens: number;
  /** Defaults to prompt_tokens + completion_tokens. */
  total_tokens?: number | null;
  iteration_count: number;
  finish_reason: "stop" | "max_iterations" | "no_reply" | "error" | "length" | "cancelled";
  tool_count: number;
  tools_used_names: Array<string>;
  /** The citations shown with the answer. */
  citation_ids?: Array<string> | null;
  /** Characters of the answer. */
  response_length: number;
  /** The user turn this answers; truncated to 4000 characters; never a metric label. */
  query_text?: string | null;
  /** Position of the user turn in the session. */
  turn_index?: number | null;
  /** The answer's text; stored only for a tenant that opted in (docs/privacy.md), redacted and cut to 16 KiB, for the LLM judge. */
  answer_text?: string | null;
}

/** One lifecycle event of one tool invocation. */
export interface ToolCallEvent {
  /** Unique per event; the idempotency key. */
  event_id: string;
  event_type: "tool_call";
  schema_version: 1;
  /** The isolation boundary (a project or workspace). */
  tenant_id: string;
  /** RFC 3339 with zone, e.g. 2026-11-30T10:00:00.123Z. */
  occurred_at: string;
  /** The same id for started/completed/failed of one call. */
  tool_call_id: string;
  status: "started" | "completed" | "failed";
  tool_name: string;
  /** The owner. */
  user_id: string;
  /** Chat parent; exactly one of session_id and diagnostic_task_id. */
  session_id?: string | null;
  /** Diagnostic parent; exactly one of session_id and diagnostic_task_id. */
  diagnostic_task_id?: string | null;
  /** The answer this call served, when known. */
  response_id?: string | null;
  /** JSON object; stored serialized (secrets redacted) and truncated to 2000 characters, top-level keys kept separately. */
  arguments?: { [key: string]: unknown } | null;
  /** On completed; secrets redacted, truncated to 2000 characters. */
  result_summary?: string | null;
  /** On failed; secrets redacted, then truncated to 2000 characters. */
  error_message?: string | null;
  /** timeout, not_found, permission, invalid_args, upstream, ... */
  error_category?: string | null;
  /** Optional on terminal events. */
  duration_ms?: number | null;
}

/** One user rating action. */
export interface FeedbackSubmittedEvent {
  /** Unique per event; the idempotency key. */
  event_id: string;
  event_type: "feedback_submitted";
  schema_version: 1;
  /** The isolation boundary (a project or workspace). */
  tenant_id: string;
  /** RFC 3339 with zone, e.g. 2026-11-30T10:00:00.123Z. */
  occurred_at: string;
  /** The client's idempotency id for this action; a retry reuses it. */
  client_feedback_id: string;
  target_type: "chat_message" | "citation" | "diagnostic_step" | "diagnostic_report";
  /** For chat_message and citation: the response_id. */
  target_id: string;
  /** Required for citation (the citation id); absent otherwise. */
  subject_id?: string | null;
  /** Required for diagnostic_step and diagnostic_report. */
  diagnostic_task_id?: string | null;
  /** Who rated. */
  user_id: string;
  session_id?: string | null;
  run_id?: string | null;
  /** Required without a score; cleared withdraws the user’s current rating of the target. */
  rating?: "up" | "down" | "neutral" | "cleared" | null;
  /** The user's score on the scale score_min..score_max; the rating is derived from it. */
  score?: number | null;
  /** The lowest score of the scale; required with score. */
  score_min?: number | null;
  /** The highest score of the scale, above score_min; required with score. */
  score_max?: number | null;
  /** Trimmed, truncated to 80 characters, mapped to reason_code. */
  reason?: string | null;
  /** Trimmed, secrets redacted, truncated to 2000 characters; blank becomes null. */
  comment?: string | null;
  /** Trimmed, secrets redacted, truncated to 4000 characters; blank becomes null. */
  correction?: string | null;
  /** 1..5: how bad (or good) the user judged it. */
  severity?: number | null;
}

/** An outcome label another system gave one response; occurred_at is when it was evaluated. */
export interface ExternalOutcomeRecordedEvent {
  /** Unique per event; the idempotency key. */
  event_id: string;
  event_type: "external_outcome_recorded";
  schema_version: 1;
  /** The isolation boundary (a project or workspace). */
  tenant_id: string;
  /** RFC 3339 with zone, e.g. 2026-11-30T10:00:00.123Z. */
  occurred_at: string;
  /** The labelled answer (its response_completed.response_id). */
  response_id: string;
  /** The labelling system, lower case [a-z0-9_.-], e.g. vikingbot. */
  source: string;
  /** The label in the source’s own vocabulary, e.g. positive_feedback or reasked. */
  label: string;
  /** Flat JSON object of the labeller’s evidence (strings, numbers, booleans, null); stored serialized, secrets redacted, truncated to 2000 characters. */
  evidence?: { [key: string]: string | number | boolean | null } | null;
}
