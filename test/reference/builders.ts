// Small factories for hand-written events (tests and scenarios). Every event is valid per docs/events.md.
import type { FeedbackSubmittedEvent, ResponseCompletedEvent, ToolCallEvent, ToolStatus } from "./types";
import { iso, ms } from "./util";

type Opt<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

export class EventBuilder {
  private n = 0;
  readonly baseMs: number;
  constructor(
    readonly tenant_id: string = "t1",
    base: string = "2026-11-30T10:00:00.000Z",
    readonly prefix: string = "e",
  ) {
    this.baseMs = ms(base);
  }

  /** ISO time `sec` seconds (may be fractional / negative) after the base */
  at(sec: number): string {
    return iso(this.baseMs + Math.round(sec * 1000));
  }

  nextId(): string {
    this.n++;
    return `${this.prefix}${String(this.n).padStart(5, "0")}`;
  }

  response(
    response_id: string,
    sec: number,
    o: Partial<Opt<ResponseCompletedEvent, "event_type" | "schema_version">> = {},
  ): ResponseCompletedEvent {
    return {
      event_id: this.nextId(),
      event_type: "response_completed",
      schema_version: 1,
      tenant_id: this.tenant_id,
      occurred_at: this.at(sec),
      response_id,
      session_id: "s1",
      user_id: "u1",
      channel: "web",
      model: "m1",
      provider: "p1",
      time_cost_ms: 1000,
      prompt_tokens: 10,
      completion_tokens: 20,
      iteration_count: 1,
      finish_reason: "stop",
      tool_count: 0,
      tools_used_names: [],
      response_length: 100,
      ...o,
    };
  }

  tool(
    tool_call_id: string,
    status: ToolStatus,
    sec: number,
    o: Partial<Opt<ToolCallEvent, "event_type" | "schema_version">> = {},
  ): ToolCallEvent {
    const ev: ToolCallEvent = {
      event_id: this.nextId(),
      event_type: "tool_call",
      schema_version: 1,
      tenant_id: this.tenant_id,
      occurred_at: this.at(sec),
      tool_call_id,
      status,
      tool_name: "search",
      user_id: "u1",
      ...o,
    };
    if (ev.session_id === undefined && ev.diagnostic_task_id === undefined) ev.session_id = "s1";
    return ev;
  }

  feedback(
    sec: number,
    o: Partial<Opt<FeedbackSubmittedEvent, "event_type" | "schema_version">> & {
      target_id: string;
      rating: FeedbackSubmittedEvent["rating"];
    },
  ): FeedbackSubmittedEvent {
    const id = this.nextId();
    return {
      event_id: id,
      event_type: "feedback_submitted",
      schema_version: 1,
      tenant_id: this.tenant_id,
      occurred_at: this.at(sec),
      client_feedback_id: `cf-${id}`,
      target_type: "chat_message",
      user_id: "u1",
      ...o,
    };
  }

  /** a copy of an event with a new event_id and optionally another time (a retry / re-send) */
  resend<T extends { event_id: string; occurred_at: string }>(e: T, sec?: number): T {
    return { ...e, event_id: this.nextId(), occurred_at: sec === undefined ? e.occurred_at : this.at(sec) };
  }
}
