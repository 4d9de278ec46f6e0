// Turns a raw event list (arrival order) into the reduced state of ONE tenant:
// deduplicated events, current responses, reduced tool calls, feedback actions with their
// verification, explicit ratings, follow-ups and outcome labels.
import { ratingOf } from "./rating";
import type {
  CurrentRating,
  Dimension,
  FeedbackSubmittedEvent,
  Label,
  LabelInfo,
  LabelReason,
  Rating,
  RawEvent,
  ReferenceOptions,
  ResponseCompletedEvent,
  TargetType,
  ToolCallEvent,
  ToolStatus,
  Verification,
} from "./types";
import { classifyQuery } from "./classify";
import { cutCodePoints } from "./text";
import { cmpStr, cmpTimeThenId, ms } from "./util";

export const FOLLOWUP_WINDOW_MS = 600_000;

export const REASK_PHRASES: readonly string[] = [
  "不是这个意思",
  "你没回答",
  "没有回答我的问题",
  "重新回答",
  "还是不对",
  "答非所问",
  "not what i asked",
  "you didn't answer",
  "that's wrong",
  "that is wrong",
  "try again",
  "still wrong",
  "wrong answer",
];

export const FAILED_FINISH_REASONS: ReadonlySet<string> = new Set(["error", "max_iterations", "no_reply", "cancelled"]);

export interface NormResponse {
  response_id: string;
  session_id: string;
  user_id: string;
  t: number;
  event_id: string;
  event: ResponseCompletedEvent;
  dims: Record<Dimension, string>;
  time_cost_ms: number;
  iteration_count: number;
  tool_count: number;
  total_tokens: number;
  finish_reason: string;
  citation_ids: readonly string[];
  query_text: string | undefined;
}

export interface ReducedToolCall {
  tool_call_id: string;
  tool_name: string;
  status: ToolStatus;
  start_inferred: boolean;
  /** the call's time: earliest occurred_at among its events */
  t: number;
  duration_ms: number | null;
  response_id: string | null;
  error_category: string | null;
  session_id: string | null;
  diagnostic_task_id: string | null;
}

export interface FeedbackAction {
  event: FeedbackSubmittedEvent;
  t: number;
  event_id: string;
  key: string;
}

export interface CurrentFeedback {
  key: string;
  target_type: TargetType;
  target_id: string;
  subject_id: string;
  user_id: string;
  /** rating of the latest action of the key; 'cleared' means the key has no current rating */
  rating: Rating;
  verification: Verification;
  /** occurred ms of the latest action */
  t: number;
  /** number of accepted actions of the key (revisions = actions - 1) */
  actions: number;
  /** occurred ms of every accepted action except the earliest (the revisions) */
  revision_times: number[];
}

export interface TenantState {
  tenant_id: string;
  /** every event of the tenant after dedup by event_id (first arrival wins), in arrival order */
  events: RawEvent[];
  /** newest occurred_at (ms) over all the tenant's events of any kind; -Infinity when none */
  maxT: number;
  responses: Map<string, NormResponse>;
  toolCalls: ReducedToolCall[];
  accepted: FeedbackAction[];
  retries: FeedbackAction[];
  conflicts: FeedbackAction[];
  currentFeedback: Map<string, CurrentFeedback>;
  /** response_id -> current verified chat_message rating (up/down/neutral) */
  explicitRating: Map<string, CurrentRating>;
  labels: Map<string, LabelInfo>;
}

/** Dedup by (tenant_id, event_id): the first arrival wins. */
export function dedupEvents(events: readonly RawEvent[]): RawEvent[] {
  const seen = new Set<string>();
  const out: RawEvent[] = [];
  for (const e of events) {
    const k = `${e.tenant_id}\u0000${e.event_id}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(e);
  }
  return out;
}

/** docs/events.md: query_text is cut to 4000 characters, and only that text is classified and matched for re-asks. */
export const QUERY_TEXT_MAX = 4000;

function dimsOf(
  e: ResponseCompletedEvent,
  queryText: string | undefined,
  classify: (text?: string) => string,
): Record<Dimension, string> {
  return {
    model: e.model,
    provider: e.provider,
    channel: e.channel,
    chat_type: e.chat_type ?? "unknown",
    session_type: e.session_type ?? "unknown",
    language: e.language ?? "unknown",
    user_segment: e.user_segment ?? "unknown",
    query_category: e.query_category ?? classify(queryText),
    prompt_version: e.prompt_version ?? "unknown",
    bot_version: e.bot_version ?? "unknown",
    tool_used: e.tool_count > 0 ? "yes" : "no",
  };
}

export function reduceResponses(
  events: readonly ResponseCompletedEvent[],
  classify: (text?: string) => string,
): Map<string, NormResponse> {
  const best = new Map<string, { t: number; event_id: string; e: ResponseCompletedEvent }>();
  for (const e of events) {
    const cand = { t: ms(e.occurred_at), event_id: e.event_id, e };
    const cur = best.get(e.response_id);
    if (!cur || cmpTimeThenId(cur, cand) < 0) best.set(e.response_id, cand);
  }
  const out = new Map<string, NormResponse>();
  for (const [id, { t, event_id, e }] of best) {
    const queryText = e.query_text === undefined ? undefined : cutCodePoints(e.query_text, QUERY_TEXT_MAX);
    out.set(id, {
      response_id: id,
      session_id: e.session_id,
      user_id: e.user_id,
      t,
      event_id,
      event: e,
      dims: dimsOf(e, queryText, classify),
      time_cost_ms: e.time_cost_ms,
      iteration_count: e.iteration_count,
      tool_count: e.tool_count,
      total_tokens: e.total_tokens ?? e.prompt_tokens + e.completion_tokens,
      finish_reason: e.finish_reason,
      citation_ids: e.citation_ids ?? [],
      query_text: queryText,
    });
  }
  return out;
}

/** Tool-call lifecycle reduction per tool_call_id (events of one tenant, already deduplicated). */
export function reduceToolCalls(events: readonly ToolCallEvent[]): ReducedToolCall[] {
  const groups = new Map<string, { t: number; event_id: string; e: ToolCallEvent }[]>();
  for (const e of events) {
    const list = groups.get(e.tool_call_id) ?? [];
    list.push({ t: ms(e.occurred_at), event_id: e.event_id, e });
    groups.set(e.tool_call_id, list);
  }
  const out: ReducedToolCall[] = [];
  for (const [id, list] of groups) {
    list.sort(cmpTimeThenId);
    const starts = list.filter((x) => x.e.status === "started");
    const terminals = list.filter((x) => x.e.status !== "started");
    const terminal = terminals.length > 0 ? terminals[terminals.length - 1]! : null;
    const start = starts.length > 0 ? starts[0]! : null; // earliest started
    let duration: number | null = null;
    if (terminal) {
      if (terminal.e.duration_ms !== undefined) duration = terminal.e.duration_ms;
      else if (start) duration = Math.max(0, terminal.t - start.t);
    }
    // response_id: the winning terminal's if it has one, else the earliest event that has one
    let responseId: string | null = terminal?.e.response_id || null;
    if (!responseId) responseId = list.find((x) => x.e.response_id)?.e.response_id ?? null;
    const main = terminal ?? start!;
    out.push({
      tool_call_id: id,
      tool_name: main.e.tool_name,
      status: terminal ? terminal.e.status : "started",
      start_inferred: terminal !== null && start === null,
      t: list[0]!.t,
      duration_ms: duration,
      response_id: responseId,
      error_category: terminal && terminal.e.status === "failed" ? (terminal.e.error_category ?? null) : null,
      session_id: main.e.session_id ?? list.find((x) => x.e.session_id)?.e.session_id ?? null,
      diagnostic_task_id:
        main.e.diagnostic_task_id ?? list.find((x) => x.e.diagnostic_task_id)?.e.diagnostic_task_id ?? null,
    });
  }
  out.sort((a, b) => a.t - b.t || cmpStr(a.tool_call_id, b.tool_call_id));
  return out;
}

const FEEDBACK_CONTENT_FIELDS = [
  "event_type",
  "schema_version",
  "tenant_id",
  "client_feedback_id",
  "target_type",
  "target_id",
  "subject_id",
  "diagnostic_task_id",
  "user_id",
  "session_id",
  "run_id",
  "score",
  "score_min",
  "score_max",
  "reason",
  "comment",
  "correction",
  "severity",
] as const;

/**
 * Content of a feedback event for the retry/conflict rule: every known field but event_id and
 * occurred_at, with the rating the action means (a score without a rating and the same score with
 * its rating are one content).
 */
export function feedbackContent(e: FeedbackSubmittedEvent): string {
  return JSON.stringify([...FEEDBACK_CONTENT_FIELDS.map((f) => e[f] ?? null), ratingOf(e)]);
}

export function feedbackKey(e: FeedbackSubmittedEvent): string {
  return [e.user_id, e.target_type, e.target_id, e.subject_id ?? ""].join("\u0000");
}

export function verify(e: FeedbackSubmittedEvent, responses: ReadonlyMap<string, NormResponse>): Verification {
  if (e.target_type !== "chat_message" && e.target_type !== "citation") return "verified";
  const r = responses.get(e.target_id);
  if (!r) return "unverified";
  if (r.user_id !== e.user_id) return "forbidden";
  if (e.target_type === "citation" && !r.citation_ids.includes(e.subject_id ?? "")) return "forbidden";
  return "verified";
}

export function processFeedback(
  events: readonly FeedbackSubmittedEvent[],
  responses: ReadonlyMap<string, NormResponse>,
): {
  accepted: FeedbackAction[];
  retries: FeedbackAction[];
  conflicts: FeedbackAction[];
  current: Map<string, CurrentFeedback>;
} {
  const accepted: FeedbackAction[] = [];
  const retries: FeedbackAction[] = [];
  const conflicts: FeedbackAction[] = [];
  const firstByCfid = new Map<string, string>();
  for (const e of events) {
    const a: FeedbackAction = { event: e, t: ms(e.occurred_at), event_id: e.event_id, key: feedbackKey(e) };
    const k = `${e.user_id}\u0000${e.client_feedback_id}`;
    const content = feedbackContent(e);
    const first = firstByCfid.get(k);
    if (first === undefined) {
      firstByCfid.set(k, content);
      accepted.push(a);
    } else if (first === content) retries.push(a);
    else conflicts.push(a);
  }
  const byKey = new Map<string, FeedbackAction[]>();
  for (const a of accepted) {
    const list = byKey.get(a.key) ?? [];
    list.push(a);
    byKey.set(a.key, list);
  }
  const current = new Map<string, CurrentFeedback>();
  for (const [key, list] of byKey) {
    list.sort(cmpTimeThenId);
    const last = list[list.length - 1]!;
    const e = last.event;
    current.set(key, {
      key,
      target_type: e.target_type,
      target_id: e.target_id,
      subject_id: e.subject_id ?? "",
      user_id: e.user_id,
      rating: ratingOf(e),
      verification: verify(e, responses),
      t: last.t,
      actions: list.length,
      revision_times: list.slice(1).map((x) => x.t),
    });
  }
  return { accepted, retries, conflicts, current };
}

export function isReask(text: string | undefined, phrases: readonly string[] = REASK_PHRASES): boolean {
  if (!text) return false;
  // case-insensitive substring; the typographic apostrophe ’ is read as ' (so "That’s wrong" matches)
  const lower = text.toLowerCase().replaceAll("\u2019", "'");
  return phrases.some((p) => lower.includes(p.toLowerCase()));
}

/** follow-up of each response: the next response of the same session by (occurred_at, response_id), if <= 600 s later */
export function computeFollowups(responses: ReadonlyMap<string, NormResponse>): Map<string, NormResponse | null> {
  const bySession = new Map<string, NormResponse[]>();
  for (const r of responses.values()) {
    const list = bySession.get(r.session_id) ?? [];
    list.push(r);
    bySession.set(r.session_id, list);
  }
  const out = new Map<string, NormResponse | null>();
  for (const list of bySession.values()) {
    list.sort((a, b) => a.t - b.t || cmpStr(a.response_id, b.response_id));
    for (let i = 0; i < list.length; i++) {
      const r = list[i]!;
      const next = list[i + 1];
      out.set(r.response_id, next && next.t - r.t <= FOLLOWUP_WINDOW_MS ? next : null);
    }
  }
  return out;
}

export function decideLabel(input: {
  finish_reason: string;
  rating: CurrentRating | null;
  has_followup: boolean;
  is_reask: boolean;
  window_closed: boolean;
  has_failed_tool: boolean;
}): { label: Label; label_reason: LabelReason } {
  if (FAILED_FINISH_REASONS.has(input.finish_reason)) return { label: "failed", label_reason: "finish_reason_failed" };
  if (input.rating === "down") return { label: "bad", label_reason: "rated_down" };
  if (input.has_followup && input.is_reask) return { label: "bad", label_reason: "reask_followup" };
  if (input.rating === "up" && !input.has_failed_tool)
    return { label: "excellent", label_reason: "rated_up_no_failed_tools" };
  if (input.rating === "up") return { label: "good", label_reason: "rated_up" };
  if (input.rating === "neutral") return { label: "neutral", label_reason: "rated_neutral" };
  if (input.window_closed && !input.has_followup) return { label: "good", label_reason: "window_closed_no_followup" };
  if (input.window_closed) return { label: "neutral", label_reason: "followup_not_reask" };
  return { label: "pending", label_reason: "window_open" };
}

export function buildTenantState(
  allEvents: readonly RawEvent[],
  tenant_id: string,
  opts: ReferenceOptions = {},
): TenantState {
  const classify = opts.classify ?? classifyQuery;
  const phrases = opts.reaskPhrases ?? REASK_PHRASES;
  const events = dedupEvents(allEvents.filter((e) => e.tenant_id === tenant_id));
  let maxT = -Infinity;
  for (const e of events) maxT = Math.max(maxT, ms(e.occurred_at));

  const responses = reduceResponses(
    events.filter((e): e is ResponseCompletedEvent => e.event_type === "response_completed"),
    classify,
  );
  const toolCalls = reduceToolCalls(events.filter((e): e is ToolCallEvent => e.event_type === "tool_call"));
  const fb = processFeedback(
    events.filter((e): e is FeedbackSubmittedEvent => e.event_type === "feedback_submitted"),
    responses,
  );

  const explicitRating = new Map<string, CurrentRating>();
  for (const c of fb.current.values()) {
    if (c.target_type === "chat_message" && c.verification === "verified" && c.rating !== "cleared") {
      explicitRating.set(c.target_id, c.rating);
    }
  }

  const failedTool = new Set<string>();
  for (const c of toolCalls) if (c.status === "failed" && c.response_id) failedTool.add(c.response_id);

  const followups = computeFollowups(responses);
  const labels = new Map<string, LabelInfo>();
  for (const r of responses.values()) {
    const f = followups.get(r.response_id) ?? null;
    const reask = f !== null && isReask(f.query_text, phrases);
    const window_closed = f !== null || maxT >= r.t + FOLLOWUP_WINDOW_MS;
    const rating = explicitRating.get(r.response_id) ?? null;
    const has_failed_tool = failedTool.has(r.response_id);
    const { label, label_reason } = decideLabel({
      finish_reason: r.finish_reason,
      rating,
      has_followup: f !== null,
      is_reask: reask,
      window_closed,
      has_failed_tool,
    });
    labels.set(r.response_id, {
      label,
      label_reason,
      followup_response_id: f?.response_id ?? null,
      is_reask: reask,
      window_closed,
      explicit_rating: rating,
      has_failed_tool,
    });
  }

  return {
    tenant_id,
    events,
    maxT,
    responses,
    toolCalls,
    accepted: fb.accepted,
    retries: fb.retries,
    conflicts: fb.conflicts,
    currentFeedback: fb.current,
    explicitRating,
    labels,
  };
}
