// Deterministic edge-case data set (own PRNG; same seed -> same events in the same arrival order).
import { DOWN_REASONS, TEXT_EN, TEXT_ZH } from "./dataset-texts";
import { lateEdges } from "./dataset-late-edges";
import { scoredRatingSessions } from "./dataset-scored";
import { REASK_PHRASES } from "./state";
import type {
  Dimension,
  FeedbackSubmittedEvent,
  FinishReason,
  RawEvent,
  ResponseCompletedEvent,
  ToolCallEvent,
} from "./types";
import { iso, ms } from "./util";

export { scenario, allScenarios, type Scenario } from "./scenarios";
export { EventBuilder } from "./builders";

export interface EdgeCaseDatasetOptions {
  /** random chat sessions per tenant (default 160) */
  sessionsPerTenant?: number;
  /** share of events re-delivered later with the same event_id (default 0.04) */
  duplicateRate?: number;
  /** use the same event_id strings in both tenants (default false; the reference dedups per tenant) */
  sharedEventIds?: boolean;
}

export interface EdgeCaseDataset {
  /** arrival order */
  events: RawEvent[];
  tenants: string[];
  range: { from: string; to: string };
  hints: {
    /** filter values with no response in range (the row must still come back, empty) */
    emptySlices: { tenant_id: string; dimension: Dimension; value: string }[];
    /** newest occurred_at per tenant (a response_completed) */
    newest: Record<string, string>;
    /** a few named response ids per tenant for spot checks */
    named: Record<string, string[]>;
  };
}

export const DATASET_TENANTS = ["t-acme", "t-globex"] as const;
export const DATASET_RANGE = { from: "2026-11-29T00:00:00.000Z", to: "2026-12-01T00:00:00.000Z" } as const;
const DATA_START = ms("2026-11-28T22:00:00.000Z");
const FROM = ms(DATASET_RANGE.from);
const TO = ms(DATASET_RANGE.to);
/** acme's data runs past the range end; globex's stops inside it (so it has open windows in range) */
const TENANT_END: Record<string, number> = {
  "t-acme": ms("2026-12-01T01:30:00.000Z"),
  "t-globex": ms("2026-11-30T23:40:00.000Z"),
};

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;

/** mulberry32 */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number, w: number) => String(n).padStart(w, "0");

const MODELS: [string, string][] = [
  ["gpt-4o", "openai"],
  ["claude-sonnet", "anthropic"],
  ["qwen-max", "alibaba"],
];
const TOOL_NAMES = ["search", "sql_query", "http_get", "read_file", "kubectl"];
const ERROR_CATEGORIES = ["timeout", "not_found", "permission", "invalid_args", "upstream"];
export interface Draft {
  ev: RawEvent;
  arrive: number;
  seq: number;
}

/** The generator of one tenant's events: its own PRNG, ids and the drafts it emitted. */
export class Gen {
  readonly drafts: Draft[] = [];
  private seq = 0;
  private eventN = 0;
  private responseN = 0;
  private toolN = 0;
  private cfN = 0;
  private diagN = 0;
  private ghostN = 0;
  readonly named: string[] = [];

  constructor(
    readonly rng: () => number,
    readonly tenant_id: string,
    readonly end: number,
    readonly eventPrefix: string,
  ) {}

  // ---- random helpers
  r(): number {
    return this.rng();
  }
  chance(p: number): boolean {
    return this.rng() < p;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.rng() * (hi - lo + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.rng() * xs.length)]!;
  }
  maybe<T>(p: number, v: T): T | undefined {
    return this.chance(p) ? v : undefined;
  }
  weighted<T>(items: [T, number][]): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let x = this.rng() * total;
    for (const [v, w] of items) {
      x -= w;
      if (x < 0) return v;
    }
    return items[items.length - 1]![0];
  }

  // ---- ids and times
  eventId(): string {
    return `${this.eventPrefix}${pad(++this.eventN, 6)}`;
  }
  responseId(): string {
    return `r-${pad(++this.responseN, 5)}`;
  }
  toolCallId(): string {
    return `tc-${pad(++this.toolN, 6)}`;
  }
  cfid(): string {
    return `cf-${pad(++this.cfN, 6)}`;
  }
  /** ISO time; about 1.5 % of timestamps use a +08:00 offset instead of Z */
  time(t: number): string {
    if (this.chance(0.015)) return new Date(t + 8 * HOUR).toISOString().replace("Z", "+08:00");
    return iso(t);
  }

  /** queue an event; arrival = occurrence + small jitter, sometimes a long delay (out of order) */
  emit<T extends RawEvent>(ev: T, arriveAt?: number): T {
    const t = ms(ev.occurred_at);
    const arrive = arriveAt ?? (this.chance(0.05) ? t + this.int(MIN, 3 * HOUR) : t + this.int(0, 3000));
    this.drafts.push({ ev, arrive, seq: this.seq++ });
    return ev;
  }

  draftOf(ev: RawEvent): Draft {
    return this.drafts.find((d) => d.ev === ev)!;
  }

  // ---- events
  response(o: {
    t: number;
    response_id?: string;
    session_id: string;
    user_id: string;
    turn: number;
    sessionDims: SessionDims;
    query_text?: string | null;
    finish_reason?: FinishReason;
    model?: [string, string];
  }): ResponseCompletedEvent {
    const [model, provider] = o.model ?? (this.chance(0.85) ? o.sessionDims.model : this.pick(MODELS));
    const finish: FinishReason =
      o.finish_reason ??
      this.weighted<FinishReason>([
        ["stop", 70],
        ["length", 5],
        ["max_iterations", 6],
        ["no_reply", 6],
        ["error", 7],
        ["cancelled", 6],
      ]);
    const prompt_tokens = this.int(50, 4000);
    const completion_tokens = finish === "no_reply" ? 0 : this.int(5, 1500);
    const totalMode = this.r();
    const ev: ResponseCompletedEvent = {
      event_id: this.eventId(),
      event_type: "response_completed",
      schema_version: 1,
      tenant_id: this.tenant_id,
      occurred_at: this.time(o.t),
      response_id: o.response_id ?? this.responseId(),
      session_id: o.session_id,
      user_id: o.user_id,
      channel: o.sessionDims.channel,
      model,
      provider,
      time_cost_ms: this.chance(0.02) ? 0 : Math.floor(300 + this.r() ** 2 * 30000),
      prompt_tokens,
      completion_tokens,
      iteration_count: finish === "max_iterations" ? 10 : this.int(1, 9),
      finish_reason: finish,
      tool_count: 0,
      tools_used_names: [],
      response_length: finish === "no_reply" ? 0 : this.int(20, 5000),
    };
    if (totalMode < 0.7) ev.total_tokens = prompt_tokens + completion_tokens;
    else if (totalMode < 0.8) ev.total_tokens = prompt_tokens + completion_tokens + this.int(1, 800); // e.g. reasoning tokens
    const sd = o.sessionDims;
    if (sd.chat_type) ev.chat_type = sd.chat_type;
    if (sd.session_type) ev.session_type = sd.session_type;
    if (sd.language) ev.language = sd.language;
    if (sd.user_segment) ev.user_segment = sd.user_segment;
    const cat = this.weighted<string | undefined>([
      ["how_to", 30],
      ["troubleshooting", 30],
      ["billing", 15],
      [undefined, 25],
    ]);
    if (cat) ev.query_category = cat;
    const pv = this.weighted<string | undefined>([
      ["pv-1", 45],
      ["pv-2", 40],
      [undefined, 15],
    ]);
    if (pv) ev.prompt_version = pv;
    const bv = this.weighted<string | undefined>([
      ["1.4.0", 45],
      ["1.5.0", 45],
      [undefined, 10],
    ]);
    if (bv) ev.bot_version = bv;
    if (this.chance(0.5)) ev.trace_id = `trace-${this.int(1e8, 9e8).toString(16)}`;
    if (this.chance(0.35))
      ev.citation_ids = Array.from({ length: this.int(1, 3) }, (_, j) => `cit-${ev.response_id}-${j + 1}`);
    if (o.query_text !== null) ev.query_text = o.query_text ?? this.normalText(sd.language);
    if (this.chance(0.9)) ev.turn_index = o.turn;
    return ev;
  }

  normalText(language?: string): string {
    return language === "zh" || (language === undefined && this.chance(0.5)) ? this.pick(TEXT_ZH) : this.pick(TEXT_EN);
  }

  reaskText(phrase?: string): string {
    const p = phrase ?? this.pick(REASK_PHRASES);
    const cased = [...p].map((c) => (this.chance(0.5) ? c.toUpperCase() : c.toLowerCase())).join("");
    return this.pick([`${cased}`, `Hmm, ${cased}.`, `${cased}!! 请再看看`, `well... ${cased}`]);
  }

  toolEvent(o: {
    tool_call_id: string;
    status: ToolCallEvent["status"];
    t: number;
    tool_name: string;
    user_id: string;
    session_id?: string;
    diagnostic_task_id?: string;
    response_id?: string;
    duration_ms?: number;
    error_category?: string;
  }): ToolCallEvent {
    const ev: ToolCallEvent = {
      event_id: this.eventId(),
      event_type: "tool_call",
      schema_version: 1,
      tenant_id: this.tenant_id,
      occurred_at: this.time(o.t),
      tool_call_id: o.tool_call_id,
      status: o.status,
      tool_name: o.tool_name,
      user_id: o.user_id,
    };
    if (o.session_id !== undefined) ev.session_id = o.session_id;
    else ev.diagnostic_task_id = o.diagnostic_task_id!;
    if (o.response_id !== undefined) ev.response_id = o.response_id;
    if (o.status === "started") ev.arguments = { query: "status of service", limit: this.int(1, 20) };
    if (o.status === "completed") ev.result_summary = `${this.int(0, 50)} rows`;
    if (o.status === "failed") {
      if (o.error_category !== undefined) ev.error_category = o.error_category;
      ev.error_message = this.pick([
        "upstream 502",
        "Authorization: Bearer abc.def.ghi rejected",
        "password=hunter2 invalid",
        "timed out after 30s",
      ]);
    }
    if (o.duration_ms !== undefined) ev.duration_ms = o.duration_ms;
    return ev;
  }

  /** one tool call with a random lifecycle variant; parent is a chat response or a diagnostic task */
  toolCall(
    parent: { user_id: string; session_id?: string; diagnostic_task_id?: string; response_id?: string },
    startT: number,
  ): string {
    const id = this.toolCallId();
    const tool_name = this.pick(TOOL_NAMES);
    const dur = this.int(20, 8000);
    const base = {
      tool_call_id: id,
      tool_name,
      user_id: parent.user_id,
      session_id: parent.session_id,
      diagnostic_task_id: parent.diagnostic_task_id,
    };
    // response_id: on every event / only on started / absent / pointing at a response that never exists
    const ridMode =
      parent.response_id === undefined
        ? "none"
        : this.weighted<"all" | "started" | "none" | "ghost">([
            ["all", 86],
            ["started", 5],
            ["none", 6],
            ["ghost", 3],
          ]);
    const rid = ridMode === "ghost" ? `r-ghost-${pad(++this.ghostN, 4)}` : parent.response_id;
    const ridStart = ridMode === "none" ? undefined : rid;
    const ridEnd = ridMode === "all" || ridMode === "ghost" ? rid : undefined;
    const cat = () => (this.chance(0.85) ? this.pick(ERROR_CATEGORIES) : undefined);
    const dms = (p: number) => (this.chance(p) ? Math.max(0, dur - this.int(0, 50)) : undefined);
    const variant = this.weighted<string>([
      ["completed", 50],
      ["failed", 14],
      ["terminal_only_completed", 6],
      ["terminal_only_failed", 3],
      ["started_only", 7],
      ["failed_then_completed", 5],
      ["completed_then_failed", 2],
      ["clock_skew", 3],
      ["double_started", 2],
    ]);
    const started = (t = startT) => this.emit(this.toolEvent({ ...base, status: "started", t, response_id: ridStart }));
    switch (variant) {
      case "completed":
        started();
        this.emit(
          this.toolEvent({ ...base, status: "completed", t: startT + dur, response_id: ridEnd, duration_ms: dms(0.6) }),
        );
        break;
      case "failed":
        started();
        this.emit(
          this.toolEvent({
            ...base,
            status: "failed",
            t: startT + dur,
            response_id: ridEnd,
            duration_ms: dms(0.5),
            error_category: cat(),
          }),
        );
        break;
      case "terminal_only_completed":
        this.emit(
          this.toolEvent({ ...base, status: "completed", t: startT + dur, response_id: rid, duration_ms: dms(0.5) }),
        );
        break;
      case "terminal_only_failed":
        this.emit(
          this.toolEvent({
            ...base,
            status: "failed",
            t: startT + dur,
            response_id: rid,
            duration_ms: dms(0.5),
            error_category: cat(),
          }),
        );
        break;
      case "started_only":
        started();
        break;
      case "failed_then_completed": {
        // the final (completed) terminal often arrives before the failed one
        started();
        const done = this.toolEvent({ ...base, status: "completed", t: startT + dur, response_id: ridEnd });
        const fail = this.toolEvent({
          ...base,
          status: "failed",
          t: startT + Math.floor(dur / 2),
          response_id: ridEnd,
          error_category: cat(),
        });
        if (this.chance(0.5)) {
          this.emit(done, startT + dur + 10);
          this.emit(fail, startT + dur + 20);
        } else {
          this.emit(fail);
          this.emit(done);
        }
        break;
      }
      case "completed_then_failed":
        started();
        this.emit(
          this.toolEvent({ ...base, status: "completed", t: startT + Math.floor(dur / 2), response_id: ridEnd }),
        );
        this.emit(
          this.toolEvent({ ...base, status: "failed", t: startT + dur, response_id: ridEnd, error_category: cat() }),
        );
        break;
      case "clock_skew":
        // terminal stamped before its start by a skewed clock, no duration_ms: duration clamps to 0
        started();
        this.emit(this.toolEvent({ ...base, status: "completed", t: startT - this.int(1, 500), response_id: ridEnd }));
        break;
      case "double_started":
        started();
        started(startT + this.int(1, 200));
        this.emit(this.toolEvent({ ...base, status: "completed", t: startT + dur, response_id: ridEnd }));
        break;
    }
    return tool_name;
  }

  feedbackEvent(
    o: Omit<
      FeedbackSubmittedEvent,
      "event_id" | "event_type" | "schema_version" | "tenant_id" | "occurred_at" | "client_feedback_id"
    > & { t: number; client_feedback_id?: string },
  ): FeedbackSubmittedEvent {
    const { t, client_feedback_id, ...rest } = o;
    const ev: FeedbackSubmittedEvent = {
      event_id: this.eventId(),
      event_type: "feedback_submitted",
      schema_version: 1,
      tenant_id: this.tenant_id,
      occurred_at: this.time(t),
      client_feedback_id: client_feedback_id ?? this.cfid(),
      ...rest,
    };
    for (const k of Object.keys(ev) as (keyof FeedbackSubmittedEvent)[]) if (ev[k] === undefined) delete ev[k];
    return ev;
  }

  /** emit a feedback action; sometimes followed by a retry (same content) or a conflict (same id, other content) */
  action(ev: FeedbackSubmittedEvent): FeedbackSubmittedEvent {
    const d = this.emit(ev);
    const t = ms(ev.occurred_at);
    const arrive = this.draftOf(d).arrive;
    if (this.chance(0.1)) {
      const rt = t + this.int(0, 20 * SEC);
      if (rt < this.end)
        this.emit({ ...ev, event_id: this.eventId(), occurred_at: this.time(rt) }, arrive + this.int(SEC, 10 * MIN));
    }
    if (this.chance(0.04)) {
      // a conflict: same client_feedback_id, different content; sometimes stamped earlier but always arriving later
      const ct = this.chance(0.3) ? t - this.int(SEC, MIN) : t + this.int(5 * SEC, 5 * MIN);
      if (ct < this.end) {
        const other: FeedbackSubmittedEvent = { ...ev, event_id: this.eventId(), occurred_at: this.time(ct) };
        // A scored action changes its comment: another rating beside the score would contradict it.
        if (ev.rating === "cleared" || ev.score !== undefined || this.chance(0.3)) other.reason = "changed my mind";
        else other.rating = ev.rating === "up" ? "down" : "up";
        this.emit(other, arrive + this.int(SEC, 2 * HOUR));
      }
    }
    return ev;
  }

  /** rating story of one response by its owner: first rating, then maybe revisions / clear */
  rateResponse(r: ResponseCompletedEvent, rT: number): FeedbackSubmittedEvent | null {
    const delay = this.weighted<[number, number]>([
      [[5 * SEC, 10 * MIN], 70],
      [[10 * MIN, 2 * HOUR], 20],
      [[2 * HOUR, 12 * HOUR], 10],
    ]);
    let t = rT + this.int(delay[0], delay[1]);
    if (t >= this.end) return null;
    let rating: "up" | "down" = this.chance(0.6) ? "up" : "down";
    const mk = (rt: number, rating: FeedbackSubmittedEvent["rating"]) => {
      const ev = this.feedbackEvent({
        t: rt,
        target_type: "chat_message",
        target_id: r.response_id,
        user_id: r.user_id,
        rating,
        session_id: r.session_id,
      });
      if (rating === "down" && this.chance(0.8)) ev.reason = this.pick(DOWN_REASONS);
      if (this.chance(0.2)) ev.comment = this.pick(["  too long  ", "great, thanks", "the numbers are off", "   "]);
      if (this.chance(0.2)) ev.severity = this.int(1, 5);
      return ev;
    };
    const first = this.action(mk(t, rating));
    const story = this.weighted<string>([
      ["single", 74],
      ["revised", 12],
      ["cleared", 6],
      ["cleared_rerated", 3],
      ["tie", 2],
      ["revised_twice", 3],
    ]);
    const step = () => (t += this.int(30 * SEC, HOUR));
    if (story === "revised" || story === "revised_twice") {
      rating = rating === "up" ? "down" : "up";
      if (step() < this.end) this.action(mk(t, rating));
      if (story === "revised_twice" && step() < this.end) this.action(mk(t, rating === "up" ? "down" : "up"));
    } else if (story === "cleared" || story === "cleared_rerated") {
      if (step() < this.end) this.action(mk(t, "cleared"));
      if (story === "cleared_rerated" && step() < this.end) this.action(mk(t, this.chance(0.5) ? "up" : "down"));
    } else if (story === "tie") {
      // a second action stamped at exactly the same ms: the greater event_id (created later) wins
      this.action(mk(t, rating === "up" ? "down" : "up"));
    }
    return first;
  }
}

export interface SessionDims {
  model: [string, string];
  channel: string;
  chat_type?: string;
  session_type?: string;
  language?: string;
  user_segment?: string;
}

function sessionDims(g: Gen): SessionDims {
  const channel = g.tenant_id === "t-acme" && g.chance(0.04) ? "teams" : g.pick(["web", "slack", "feishu", "openapi"]);
  const d: SessionDims = { model: g.pick(MODELS), channel };
  const ct = g.pick(["private", "group", undefined]);
  if (ct) d.chat_type = ct;
  const st = g.pick(["chat", "aiops", "chat", undefined]);
  if (st) d.session_type = st;
  const lang = g.pick(["zh", "en", "en", undefined]);
  if (lang) d.language = lang;
  const seg = g.pick(["free", "pro", "enterprise", undefined]);
  if (seg) d.user_segment = seg;
  return d;
}

/** response + its tool calls + its feedback */
function emitResponseWithExtras(
  g: Gen,
  r: ResponseCompletedEvent,
  t: number,
  opts: { tools?: boolean; feedback?: boolean } = {},
): ResponseCompletedEvent {
  if (opts.tools !== false && g.chance(0.6)) {
    const k = g.int(1, 4);
    const names = new Set<string>();
    for (let j = 0; j < k; j++) {
      names.add(
        g.toolCall(
          { user_id: r.user_id, session_id: r.session_id, response_id: r.response_id },
          t - g.int(2 * SEC, 90 * SEC),
        ),
      );
    }
    r.tool_count = k;
    r.tools_used_names = [...names].sort();
  }
  const resp = g.emit(r);
  // re-sent versions of the same response_id (latest occurred_at wins; ties: greatest event_id)
  const resend = g.r();
  if (resend < 0.03) {
    const t2 = t + g.int(SEC, 20 * SEC);
    if (t2 < g.end) {
      const v2: ResponseCompletedEvent = {
        ...r,
        event_id: g.eventId(),
        occurred_at: g.time(t2),
        finish_reason: r.finish_reason === "stop" ? "error" : "stop",
        time_cost_ms: r.time_cost_ms + 1234,
      };
      g.emit(v2, g.chance(0.5) ? g.draftOf(resp).arrive - 500 : undefined);
    }
  } else if (resend < 0.035) {
    const v2: ResponseCompletedEvent = {
      ...r,
      event_id: g.eventId(),
      model: "claude-sonnet",
      provider: "anthropic",
      iteration_count: r.iteration_count + 1,
    };
    g.emit(v2, g.draftOf(resp).arrive - 1000); // same occurred_at, greater event_id, arrives first
  }
  if (opts.feedback !== false) {
    if (g.chance(0.45)) {
      const fb = g.rateResponse(r, t);
      // feedback that arrives before its response
      if (fb && g.chance(0.06)) g.draftOf(resp).arrive = g.draftOf(fb).arrive + g.int(SEC, 30 * MIN);
    }
    if (g.chance(0.04)) {
      // someone else rates this response: forbidden
      const ft = t + g.int(10 * SEC, 30 * MIN);
      if (ft < g.end)
        g.action(
          g.feedbackEvent({
            t: ft,
            target_type: "chat_message",
            target_id: r.response_id,
            user_id: `u-${pad(g.int(31, 39), 2)}`,
            rating: g.chance(0.5) ? "up" : "down",
          }),
        );
    }
    if (r.citation_ids && g.chance(0.3)) {
      const ft = t + g.int(10 * SEC, 30 * MIN);
      const valid = g.chance(0.75);
      const owner = g.chance(0.9);
      if (ft < g.end)
        g.action(
          g.feedbackEvent({
            t: ft,
            target_type: "citation",
            target_id: r.response_id,
            subject_id: valid ? g.pick(r.citation_ids) : "cit-not-shown",
            user_id: owner ? r.user_id : "u-38",
            rating: g.chance(0.5) ? "up" : "down",
          }),
        );
    }
  }
  return resp;
}

function randomSessions(g: Gen, n: number, users: string[]): void {
  for (let si = 0; si < n; si++) {
    const session_id = `s-${pad(si + 1, 4)}`;
    const user_id = g.pick(users);
    const dims = sessionDims(g);
    let t = DATA_START + Math.floor(g.r() * (g.end - DATA_START - HOUR));
    const turns = 1 + Math.floor(g.r() ** 1.5 * 6);
    for (let turn = 0; turn < turns; turn++) {
      if (t >= g.end - MIN) break;
      const text = turn > 0 && g.chance(0.22) ? g.reaskText() : g.chance(0.08) ? null : undefined;
      const r = g.response({ t, session_id, user_id, turn, sessionDims: dims, query_text: text });
      emitResponseWithExtras(g, r, t);
      const gap = g.weighted<() => number>([
        [() => g.int(30 * SEC, 300 * SEC), 35],
        [() => g.int(300 * SEC, 599 * SEC), 20],
        [() => 600 * SEC, 5],
        [() => 600 * SEC + 1, 3],
        [() => 600 * SEC - 1, 2],
        [() => g.int(601 * SEC, HOUR), 20],
        [() => g.int(HOUR, 5 * HOUR), 15],
      ]);
      t += gap();
    }
  }
}

function diagnosticTasks(g: Gen, n: number, users: string[]): void {
  for (let i = 0; i < n; i++) {
    const task = `diag-${pad(i + 1, 3)}`;
    const user_id = g.pick(users);
    let t = DATA_START + Math.floor(g.r() * (g.end - DATA_START - 3 * HOUR));
    const k = g.int(2, 5);
    for (let j = 0; j < k; j++) {
      g.toolCall({ user_id, diagnostic_task_id: task }, t);
      t += g.int(5 * SEC, 2 * MIN);
    }
    for (let j = 0; j < k; j++) {
      if (!g.chance(0.4)) continue;
      const step = g.feedbackEvent({
        t: t + g.int(MIN, HOUR),
        target_type: "diagnostic_step",
        target_id: `${task}-step-${j + 1}`,
        diagnostic_task_id: task,
        user_id,
        rating: g.chance(0.5) ? "up" : "down",
      });
      g.action(step);
      if (g.chance(0.25))
        g.action(
          g.feedbackEvent({
            t: ms(step.occurred_at) + g.int(MIN, HOUR),
            target_type: "diagnostic_step",
            target_id: step.target_id,
            diagnostic_task_id: task,
            user_id,
            rating: step.rating === "up" ? "down" : "cleared",
          }),
        );
    }
    if (g.chance(0.6))
      g.action(
        g.feedbackEvent({
          t: t + g.int(MIN, HOUR),
          target_type: "diagnostic_report",
          target_id: task,
          diagnostic_task_id: task,
          user_id,
          rating: g.chance(0.6) ? "up" : "down",
          reason: g.maybe(0.5, "not-actionable"),
        }),
      );
  }
}

/** deliberately placed edge cases (both tenants unless noted) */
function fixedEdges(g: Gen): void {
  const acme = g.tenant_id === "t-acme";
  const dims: SessionDims = { model: ["gpt-4o", "openai"], channel: "web", language: "en" };
  const resp = (
    id: string,
    session_id: string,
    t: number,
    o: { text?: string | null; finish?: FinishReason; model?: [string, string]; user?: string; extras?: boolean } = {},
  ) => {
    const r = g.response({
      t,
      response_id: id,
      session_id,
      user_id: o.user ?? "u-01",
      turn: 0,
      sessionDims: dims,
      query_text: o.text,
      finish_reason: o.finish ?? "stop",
      model: o.model,
    });
    g.named.push(id);
    return o.extras === false ? g.emit(r) : emitResponseWithExtras(g, r, t);
  };
  // range boundaries: at from (in), 1 ms before from (out), at to (out), 1 ms before to (in)
  resp("r-at-from", "s-edge-1", FROM);
  resp("r-before-from", "s-edge-2", FROM - 1);
  if (acme) {
    resp("r-at-to", "s-edge-3", TO);
    resp("r-before-to", "s-edge-4", TO - 1);
    // sessions spanning the range end; the follow-up lies outside the range
    resp("r-span-end", "s-span-2", TO - 60 * SEC);
    resp("r-span-end-f", "s-span-2", TO + 200 * SEC, { text: "thanks, and what is the next step?" });
    resp("r-span-end-2", "s-span-3", TO - 30 * SEC, { text: "ok" });
    resp("r-span-end-2f", "s-span-3", TO + 100 * SEC, { text: "Still Wrong!" });
    // responses of a model seen only before the range: the slice model=legacy-model is empty
    for (let i = 0; i < 3; i++)
      resp(`r-legacy-${i + 1}`, `s-legacy-${i + 1}`, FROM - (3 - i) * HOUR, { model: ["legacy-model", "legacy"] });
    // a response that exists only in acme (globex has feedback on it: unverified there)
    resp("r-only-acme", "s-only-acme", FROM + 5 * HOUR, { user: "u-07" });
  } else {
    g.action(
      g.feedbackEvent({
        t: FROM + 5 * HOUR + MIN,
        target_type: "chat_message",
        target_id: "r-only-acme",
        user_id: "u-07",
        rating: "up",
      }),
    );
  }
  // session spanning the range start: the follow-up (a re-ask) is inside the range
  resp("r-span-start", "s-span-1", FROM - 120 * SEC);
  resp("r-span-start-f", "s-span-1", FROM + 100 * SEC, { text: g.reaskText("不是这个意思") });
  // a response re-sent with a later occurred_at that moves it into the range (the later version arrives first)
  {
    const v1 = g.response({
      t: FROM - SEC,
      response_id: "r-moved",
      session_id: "s-moved",
      user_id: "u-02",
      turn: 0,
      sessionDims: dims,
      finish_reason: "error",
      model: ["gpt-4o", "openai"],
    });
    const v2: ResponseCompletedEvent = {
      ...v1,
      event_id: g.eventId(),
      occurred_at: iso(FROM + SEC),
      finish_reason: "stop",
      model: "claude-sonnet",
      provider: "anthropic",
    };
    g.emit(v2, FROM + 2 * SEC);
    g.emit(v1, FROM + 3 * SEC);
    g.named.push("r-moved");
  }
  // follow-up precision: exactly 600 000 ms (follow-up), 600 001 ms (not), 599 999 ms (follow-up)
  const base = FROM + 7 * HOUR + 123;
  [
    ["r-prec-600000", 600_000],
    ["r-prec-600001", 600_001],
    ["r-prec-599999", 599_999],
  ].forEach(([id, gap], i) => {
    resp(id as string, `s-prec-${i + 1}`, base + i * HOUR, { extras: false });
    resp(`${id}-f`, `s-prec-${i + 1}`, base + i * HOUR + (gap as number), { text: "Try Again", extras: false });
  });
  // every re-ask phrase at least once, mixed case, one per follow-up
  {
    let t = FROM + 10 * HOUR;
    resp("r-reask-0", "s-reask", t, { text: "first question" });
    REASK_PHRASES.forEach((p, i) => {
      t += g.int(20 * SEC, 400 * SEC);
      resp(`r-reask-${i + 1}`, "s-reask", t, { text: g.reaskText(p) });
    });
  }
  // every finish_reason at least once
  (["stop", "max_iterations", "no_reply", "error", "length", "cancelled"] as FinishReason[]).forEach((f, i) =>
    resp(`r-finish-${f}`, `s-finish-${i + 1}`, FROM + 12 * HOUR + i * MIN, { finish: f }),
  );
  // feedback on responses that never exist: unverified
  for (let i = 0; i < 6; i++) {
    g.action(
      g.feedbackEvent({
        t: FROM + i * 3 * HOUR,
        target_type: i % 3 === 0 ? "citation" : "chat_message",
        subject_id: i % 3 === 0 ? "cit-x" : undefined,
        target_id: `r-never-${i + 1}`,
        user_id: "u-03",
        rating: i % 2 ? "up" : "down",
      }),
    );
  }
  // a rating that arrives long before its response, plus a genuine retry and a conflict on one id
  {
    const t = FROM + 15 * HOUR;
    const r = g.response({
      t,
      response_id: "r-late-arrival",
      session_id: "s-late-arrival",
      user_id: "u-04",
      turn: 0,
      sessionDims: dims,
      finish_reason: "stop",
    });
    const fb = g.feedbackEvent({
      t: t + 30 * SEC,
      target_type: "chat_message",
      target_id: "r-late-arrival",
      user_id: "u-04",
      rating: "up",
      client_feedback_id: "cf-fixed-1",
    });
    g.emit(fb, t + 31 * SEC);
    g.emit({ ...fb, event_id: g.eventId(), occurred_at: iso(t + 35 * SEC) }, t + 40 * SEC); // retry
    g.emit({ ...fb, event_id: g.eventId(), occurred_at: iso(t + 50 * SEC), rating: "down" }, t + 55 * SEC); // conflict
    g.emit(r, t + 2 * HOUR);
    g.named.push("r-late-arrival");
  }
  // a retry stamped after a later, different action: the retry is the same action and must not overtake
  {
    const t = FROM + 16 * HOUR;
    const r = g.response({
      t,
      response_id: "r-retry-late",
      session_id: "s-retry-late",
      user_id: "u-04",
      turn: 0,
      sessionDims: dims,
      finish_reason: "stop",
    });
    g.emit(r, t + 1);
    const up = g.feedbackEvent({
      t: t + 30 * SEC,
      target_type: "chat_message",
      target_id: "r-retry-late",
      user_id: "u-04",
      rating: "up",
      client_feedback_id: "cf-fixed-2",
    });
    g.emit(up, t + 31 * SEC);
    g.emit(
      g.feedbackEvent({
        t: t + 60 * SEC,
        target_type: "chat_message",
        target_id: "r-retry-late",
        user_id: "u-04",
        rating: "down",
        client_feedback_id: "cf-fixed-3",
      }),
      t + 61 * SEC,
    );
    g.emit({ ...up, event_id: g.eventId(), occurred_at: iso(t + 90 * SEC) }, t + 91 * SEC);
    g.named.push("r-retry-late");
  }
  // the tenant's newest event: a response at `end`; for globex (end inside the range) the window
  // of a response exactly 600 s before is closed, 599.999 s before still open
  if (!acme) {
    resp("r-window-closed-exact", "s-win-1", g.end - 600_000, { extras: false });
    resp("r-window-open-edge", "s-win-2", g.end - 599_999, { extras: false });
    // a burst of answers in globex's last 10 minutes: open windows (pending unless rated / failed)
    for (let i = 0; i < 14; i++) {
      const t = g.end - g.int(10 * SEC, 590 * SEC);
      const r = g.response({
        t,
        response_id: `r-open-${i + 1}`,
        session_id: `s-open-${i + 1}`,
        user_id: g.pick(["u-05", "u-06"]),
        turn: 0,
        sessionDims: sessionDims(g),
      });
      emitResponseWithExtras(g, r, t);
    }
  }
  resp("r-newest", "s-newest", g.end, { extras: false });
}

export function generateEdgeCaseDataset(seed: number, opts: EdgeCaseDatasetOptions = {}): EdgeCaseDataset {
  const sessions = opts.sessionsPerTenant ?? 160;
  const dupRate = opts.duplicateRate ?? 0.04;
  const rng = prng(seed);
  const drafts: Draft[] = [];
  const named: Record<string, string[]> = {};
  const newest: Record<string, string> = {};
  const late: Draft[] = [];
  DATASET_TENANTS.forEach((tenant, ti) => {
    const g = new Gen(
      prng(Math.floor(rng() * 2 ** 32)),
      tenant,
      TENANT_END[tenant]!,
      opts.sharedEventIds ? "ev-" : `${tenant.slice(2, 3)}-ev-`,
    );
    const users = Array.from({ length: 30 }, (_, i) => `u-${pad(i + 1, 2)}`);
    fixedEdges(g);
    randomSessions(g, sessions, users);
    diagnosticTasks(g, 15, users);
    const drawn = g.drafts.length;
    lateEdges(g, FROM);
    scoredRatingSessions(g, FROM + 14 * HOUR);
    named[tenant] = g.named;
    newest[tenant] = iso(g.end);
    // interleave tenants: offset seq so ordering ties are stable across tenants
    for (const d of g.drafts.slice(0, drawn)) drafts.push({ ...d, seq: d.seq * 2 + ti });
    for (const d of g.drafts.slice(drawn)) late.push({ ...d, seq: d.seq * 2 + ti });
  });
  // duplicates: the same event (same event_id) delivered again later
  const n = drafts.length;
  for (let i = 0; i < n; i++) {
    if (rng() >= dupRate) continue;
    const d = drafts[i]!;
    drafts.push({ ev: { ...d.ev }, arrive: d.arrive + 1000 + Math.floor(rng() * 4 * HOUR), seq: 10_000_000 + i });
  }
  // The late edge cases join after the duplicates were drawn, so the events before them stay as they were.
  drafts.push(...late);
  drafts.sort((a, b) => a.arrive - b.arrive || a.seq - b.seq);
  return {
    events: drafts.map((d) => d.ev),
    tenants: [...DATASET_TENANTS],
    range: { ...DATASET_RANGE },
    hints: {
      emptySlices: [
        { tenant_id: "t-acme", dimension: "model", value: "legacy-model" },
        { tenant_id: "t-globex", dimension: "model", value: "legacy-model" },
        { tenant_id: "t-globex", dimension: "channel", value: "teams" },
      ],
      newest,
      named,
    },
  };
}
