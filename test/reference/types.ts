// Plain types of the reference implementation. Written independently of the product's code:
// nothing here is imported from contracts/, warehouse/ or ingest/.

export type FinishReason = "stop" | "max_iterations" | "no_reply" | "error" | "length" | "cancelled";
export type ToolStatus = "started" | "completed" | "failed";
export type TargetType = "chat_message" | "citation" | "diagnostic_step" | "diagnostic_report";
export type Rating = "up" | "down" | "neutral" | "cleared";
/** A current rating: `cleared` withdraws one. */
export type CurrentRating = Exclude<Rating, "cleared">;
export type Verification = "verified" | "unverified" | "forbidden";
export type Label = "excellent" | "good" | "neutral" | "bad" | "failed" | "pending";
export type LabelReason =
  | "finish_reason_failed"
  | "rated_down"
  | "reask_followup"
  | "rated_up_no_failed_tools"
  | "rated_up"
  | "rated_neutral"
  | "window_closed_no_followup"
  | "followup_not_reask"
  | "window_open";

export interface Envelope {
  event_id: string;
  schema_version: 1;
  tenant_id: string;
  /** RFC 3339 with zone, ms precision, e.g. 2026-11-30T10:00:00.123Z */
  occurred_at: string;
}

export interface ResponseCompletedEvent extends Envelope {
  event_type: "response_completed";
  response_id: string;
  session_id: string;
  user_id: string;
  channel: string;
  model: string;
  provider: string;
  chat_type?: string;
  session_type?: string;
  language?: string;
  user_segment?: string;
  query_category?: string;
  prompt_version?: string;
  bot_version?: string;
  trace_id?: string;
  time_cost_ms: number;
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens?: number;
  iteration_count: number;
  finish_reason: FinishReason;
  tool_count: number;
  tools_used_names: string[];
  citation_ids?: string[];
  response_length: number;
  query_text?: string;
  turn_index?: number;
}

export interface ToolCallEvent extends Envelope {
  event_type: "tool_call";
  tool_call_id: string;
  status: ToolStatus;
  tool_name: string;
  user_id: string;
  session_id?: string;
  diagnostic_task_id?: string;
  response_id?: string;
  arguments?: Record<string, unknown>;
  result_summary?: string;
  error_message?: string;
  error_category?: string;
  duration_ms?: number;
}

export interface FeedbackSubmittedEvent extends Envelope {
  event_type: "feedback_submitted";
  client_feedback_id: string;
  target_type: TargetType;
  target_id: string;
  subject_id?: string;
  diagnostic_task_id?: string;
  user_id: string;
  session_id?: string;
  run_id?: string;
  /** required without a score; with one, it must be the rating the score means (rating.ts) */
  rating?: Rating;
  /** contract 1.1: a score on score_min..score_max, the rating derived from it */
  score?: number;
  score_min?: number;
  score_max?: number;
  reason?: string;
  comment?: string;
  correction?: string;
  severity?: number;
}

export type RawEvent = ResponseCompletedEvent | ToolCallEvent | FeedbackSubmittedEvent;

export const RESPONSE_DIMENSIONS = [
  "model",
  "provider",
  "channel",
  "chat_type",
  "session_type",
  "language",
  "user_segment",
  "query_category",
  "prompt_version",
  "bot_version",
  "tool_used",
] as const;
export type Dimension = (typeof RESPONSE_DIMENSIONS)[number];

export type Bucket = "5m" | "hour" | "day";
export type Filters = Partial<Record<Dimension, string[]>>;

export interface MetricsQuery {
  tenant_id: string;
  from: string;
  to: string;
  filters?: Filters;
  group_by?: Dimension[];
  bucket?: Bucket;
}

export type QuantileMethod = "linear" | "exact_floor";
export type UnscopedToolScope = "all_in_range" | "row_responses_plus_orphans";

export interface ReferenceOptions {
  /** query_category for a response without one; default the reference's own rules (classify.ts) */
  classify?: (text?: string) => string;
  /** 'linear' (default): R-7 / ClickHouse quantile() below 8192 values; 'exact_floor': ClickHouse quantileExact */
  quantile?: QuantileMethod;
  /** which tool calls an unscoped row (no filter, no group_by) covers; default 'all_in_range' (see README) */
  unscopedTools?: UnscopedToolScope;
  /** re-ask phrases; default REASK_PHRASES of docs/metrics.md */
  reaskPhrases?: readonly string[];
}

export interface OutcomeCounts {
  excellent: number;
  good: number;
  neutral: number;
  bad: number;
  failed: number;
  pending: number;
}

export interface MetricsRow {
  bucket_start?: string;
  dims: Record<string, string>;
  response_count: number;
  latency_p50_ms: number | null;
  latency_p95_ms: number | null;
  latency_p99_ms: number | null;
  max_iteration_hit_rate: number | null;
  no_reply_rate: number | null;
  error_rate: number | null;
  avg_iteration_count: number | null;
  avg_tool_count: number | null;
  avg_total_tokens: number | null;
  tool_success_rate: number | null;
  tool_calls_unfinished: number;
  feedback_coverage: number | null;
  thumbs_up_rate: number | null;
  thumbs_down_rate: number | null;
  reask_rate: number | null;
  followup_rate: number | null;
  good_answer_rate: number | null;
  one_turn_resolution_rate: number | null;
  outcome_counts: OutcomeCounts;
  /** the denominator of every rate and mean of the row (the "n =" a reader sees beside it) */
  sample_sizes: Record<RateMetric | MeanMetric, number>;
}

export const MEAN_METRICS = ["avg_iteration_count", "avg_tool_count", "avg_total_tokens"] as const;
export type MeanMetric = (typeof MEAN_METRICS)[number];

export interface LabelInfo {
  label: Label;
  label_reason: LabelReason;
  followup_response_id: string | null;
  is_reask: boolean;
  window_closed: boolean;
  /** extra: the explicit (current verified chat_message) rating, if any */
  explicit_rating: CurrentRating | null;
  /** extra: whether any reduced tool call of the response (all data) has status failed */
  has_failed_tool: boolean;
}

export interface ToolsQuery {
  tenant_id: string;
  from: string;
  to: string;
  /** response-dimension filters (scope calls to matching in-range responses) and/or tool_name */
  filters?: Filters & { tool_name?: string[] };
}

export interface ToolRow {
  tool_name: string;
  calls: number;
  completed: number;
  failed: number;
  unfinished: number;
  error_rate: number | null;
  duration_p95_ms: number | null;
  top_error_categories: { category: string; count: number }[];
}

export interface FeedbackTargetRow {
  target_type: TargetType;
  rating: CurrentRating;
  verification: Verification;
  count: number;
}

export interface FeedbackTargetsResult {
  rows: FeedbackTargetRow[];
  /** accepted feedback actions that replaced an earlier action of the same key */
  revisions: number;
  /** events excluded by the client_feedback_id conflict rule */
  conflicts: number;
  /** extra: retries (same client_feedback_id, same content) collapsed into the first action */
  retries: number;
}

export const RATE_METRICS = [
  "max_iteration_hit_rate",
  "no_reply_rate",
  "error_rate",
  "tool_success_rate",
  "feedback_coverage",
  "thumbs_up_rate",
  "thumbs_down_rate",
  "reask_rate",
  "followup_rate",
  "good_answer_rate",
  "one_turn_resolution_rate",
] as const;
export type RateMetric = (typeof RATE_METRICS)[number];

export interface CompareQuery {
  tenant_id: string;
  from: string;
  to: string;
  metric: RateMetric;
  dimension: Dimension;
  a: string;
  b: string;
  /** extra filters applied to both slices (optional) */
  filters?: Filters;
}

export interface CompareSlice {
  value: string;
  rate: number | null;
  numerator: number;
  denominator: number;
  ci_low: number | null;
  ci_high: number | null;
  insufficient_data: boolean;
}

export interface CompareResult {
  metric: RateMetric;
  dimension: Dimension;
  a: CompareSlice;
  b: CompareSlice;
  /** b.rate - a.rate; null when insufficient_data */
  difference: number | null;
  z: number | null;
  p_value: number | null;
  significant: boolean;
  insufficient_data: boolean;
}
