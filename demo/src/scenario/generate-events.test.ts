import {
  isReask,
  messageKeyOf,
  parseEvent,
  rejectionReasonKind,
  type EventInput,
  type FeedbackSubmitted,
  type NormalizedEvent,
  type ResponseCompleted,
  type ToolCall,
} from "@answerscope/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import type { DemoMessage } from "./demo-message";
import { generateDemoEvents } from "./generate-events";
import { REJECTION_KIND_OF_DEFECT } from "./malformed/corrupt-event";

const END_MS = Date.parse("2026-11-30T12:00:00.000Z");
const DAY_MS = 24 * 60 * 60 * 1000;
const FOLLOW_UP_WINDOW_MS = 10 * 60 * 1000;
const generate = (events: number, seed = 42) => [
  ...generateDemoEvents({ events, seed, time: { mode: "backfill", endMs: END_MS } }),
];

const countBy = <T>(items: readonly T[], keyOf: (item: T) => string): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1);
  return counts;
};

let messages: DemoMessage[];
let valid: { message: DemoMessage; event: NormalizedEvent }[];
let responses: ResponseCompleted[];
let toolCalls: ToolCall[];
let feedback: FeedbackSubmitted[];

beforeAll(() => {
  messages = generate(20_000);
  valid = messages
    .filter((message) => !message.malformed)
    .map((message) => {
      const result = parseEvent(message.value);
      if (!result.ok) throw new Error(`generated event rejected (${result.reason}): ${message.value}`);
      return { message, event: result.event };
    });
  const events = valid.map(({ event }) => event);
  responses = events.filter((event): event is ResponseCompleted => event.event_type === "response_completed");
  toolCalls = events.filter((event): event is ToolCall => event.event_type === "tool_call");
  feedback = events.filter((event): event is FeedbackSubmitted => event.event_type === "feedback_submitted");
});

describe("generateDemoEvents", () => {
  it("is deterministic for a seed and differs across seeds", () => {
    expect(generate(2000)).toEqual(generate(2000));
    expect(generate(2000).map((message) => message.value)).not.toEqual(
      generate(2000, 7).map((message) => message.value),
    );
  });

  it("produces exactly the requested count, with all three kinds", () => {
    expect(messages).toHaveLength(20_000);
    const kinds = countBy(messages, (message) => message.kind);
    expect([...kinds.keys()].sort()).toEqual(["feedback_submitted", "response_completed", "tool_call"]);
  });

  it("produces valid events that all pass the contract, each event id once", () => {
    expect(valid.length).toBe(20_000 - 200);
    expect(new Set(valid.map(({ event }) => event.event_id)).size).toBe(valid.length);
    for (const { message, event } of valid) {
      expect(event.event_type).toBe(message.kind);
      expect(event.tenant_id).toBe(message.tenantId);
    }
  });

  it("produces the configured malformed share, each rejected by the contract for its defect", () => {
    const malformed = messages.filter((message) => message.malformed);
    expect(malformed).toHaveLength(200); // 1 % of 20,000
    for (const message of malformed) {
      const result = parseEvent(message.value);
      expect(result.ok, message.value).toBe(false);
      if (!result.ok && message.defect)
        expect(rejectionReasonKind(result.reason)).toBe(REJECTION_KIND_OF_DEFECT[message.defect]);
    }
    expect(countBy(malformed, (message) => message.defect ?? "none").size).toBe(5);
    const value = messages.find((message) => message.defect === "unsupported_status")?.value ?? "";
    expect(parseEvent(value)).toMatchObject({ ok: false, reason: "invalid_field:status" });
  });

  it("honours another malformed share, and none at all", () => {
    const stream = [
      ...generateDemoEvents({ events: 3000, malformedShare: 0.05, time: { mode: "backfill", endMs: END_MS } }),
    ];
    expect(stream.filter((message) => message.malformed)).toHaveLength(150);
    const clean = [
      ...generateDemoEvents({ events: 3000, malformedShare: 0, time: { mode: "backfill", endMs: END_MS } }),
    ];
    expect(clean.some((message) => message.malformed)).toBe(false);
  });

  it("keys every message by the contract transport rule", () => {
    for (const { message, event } of valid) {
      const raw = JSON.parse(message.value) as EventInput;
      expect(message.key).toBe(messageKeyOf(raw));
      if (event.event_type === "response_completed") expect(message.key).toBe(event.session_id);
      if (event.event_type === "tool_call") expect(message.key).toBe(event.session_id ?? event.diagnostic_task_id);
      if (event.event_type === "feedback_submitted") expect(message.key).toBe(event.target_id);
    }
    for (const message of messages.filter((m) => m.malformed && m.defect !== "invalid_json")) {
      expect(message.key).toBe(messageKeyOf(JSON.parse(message.value) as EventInput));
    }
  });

  it('spreads events in time order over the window ending at "now", without a gap before it', () => {
    const times = messages.map((message) => message.occurredAtMs);
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThanOrEqual(times[i - 1] as number);
    expect(times[0]).toBeGreaterThanOrEqual(END_MS - DAY_MS);
    expect(times.at(-1)).toBeLessThanOrEqual(END_MS);
    const lastHour = times.filter((time) => time > END_MS - DAY_MS / 24).length;
    expect(lastHour / times.length).toBeGreaterThan(0.6 / 24); // the newest hour is not empty
    for (const { message, event } of valid) expect(event.occurred_at_ms).toBe(message.occurredAtMs);
  });

  it("varies tenants, models, channels, versions, languages and category sources", () => {
    const values = (pick: (response: ResponseCompleted) => string) => [...countBy(responses, pick).keys()].sort();
    expect(values((r) => r.tenant_id)).toEqual(["acme", "demo"]);
    expect(values((r) => `${r.model}/${r.provider}`)).toEqual([
      "claude-sonnet/anthropic",
      "deepseek-chat/deepseek",
      "gpt-4o/openai",
      "qwen-max/alibaba",
    ]);
    expect(values((r) => r.channel)).toEqual(["feishu", "openapi", "slack", "web"]);
    expect(values((r) => r.prompt_version)).toEqual(["unknown", "v1", "v2"]);
    expect(values((r) => r.bot_version)).toEqual(["1.8.2", "1.9.0", "unknown"]);
    expect(values((r) => r.language)).toEqual(["en", "unknown", "zh"]);
    expect(values((r) => r.query_category_source)).toEqual(["producer", "rules"]);
    const ruleCategories = countBy(
      responses.filter((r) => r.query_category_source === "rules"),
      (r) => r.query_category,
    );
    for (const category of [
      "code_explanation",
      "bug_diagnosis",
      "shell_execution",
      "web_search",
      "general_qa",
      "unknown",
    ]) {
      expect(ruleCategories.get(category), category).toBeGreaterThan(0);
    }
  });

  it("ends most answers with stop and each rare finish reason now and then", () => {
    const reasons = countBy(responses, (r) => r.finish_reason);
    expect((reasons.get("stop") ?? 0) / responses.length).toBeGreaterThan(0.9);
    for (const reason of ["max_iterations", "no_reply", "error", "length", "cancelled"]) {
      const share = (reasons.get(reason) ?? 0) / responses.length;
      expect(share, reason).toBeGreaterThan(0.002);
      expect(share, reason).toBeLessThan(0.04);
    }
  });

  it("has sessions of 1-5 turns with follow-ups inside 10 minutes, some of them re-asks", () => {
    const sessions = new Map<string, ResponseCompleted[]>();
    for (const response of responses)
      sessions.set(response.session_id, [...(sessions.get(response.session_id) ?? []), response]);
    const sizes = [...sessions.values()].map((turns) => turns.length);
    expect(Math.max(...sizes)).toBe(5);
    let followUps = 0;
    let reasks = 0;
    for (const turns of sessions.values()) {
      turns.sort((a, b) => a.occurred_at_ms - b.occurred_at_ms);
      for (let i = 1; i < turns.length; i++) {
        const [previous, current] = [turns[i - 1] as ResponseCompleted, turns[i] as ResponseCompleted];
        if (current.occurred_at_ms - previous.occurred_at_ms > FOLLOW_UP_WINDOW_MS) continue;
        followUps++;
        if (isReask(current.query_text)) reasks++;
      }
    }
    expect(followUps / responses.length).toBeGreaterThan(0.15);
    expect(reasks / responses.length).toBeGreaterThan(0.03);
    expect(reasks).toBeLessThan(followUps);
  });

  it("reports tool calls across their lifecycle, including started-only and terminal-only calls", () => {
    const calls = new Map<string, string[]>();
    for (const call of toolCalls) calls.set(call.tool_call_id, [...(calls.get(call.tool_call_id) ?? []), call.status]);
    const shapes = countBy([...calls.values()], (statuses) => statuses.join("+"));
    expect(shapes.get("started+completed")).toBeGreaterThan(0);
    expect(shapes.get("started+failed")).toBeGreaterThan(0);
    expect(shapes.get("started")).toBeGreaterThan(0);
    expect((shapes.get("completed") ?? 0) + (shapes.get("failed") ?? 0)).toBeGreaterThan(0);
    const failed = toolCalls.filter((call) => call.status === "failed");
    expect(failed.every((call) => call.error_category !== null && call.error_message !== null)).toBe(true);
    // Secrets in error messages reach the contract, which redacts them.
    expect(failed.some((call) => call.error_message?.includes("Bearer [REDACTED]"))).toBe(true);
    expect(toolCalls.some((call) => JSON.stringify(call).includes("abc123def456"))).toBe(false);
  });

  it("has diagnostic tasks whose steps and reports get rated", () => {
    const diagnosticCalls = toolCalls.filter((call) => call.diagnostic_task_id !== null);
    expect(diagnosticCalls.length).toBeGreaterThan(0);
    expect(diagnosticCalls.every((call) => call.session_id === null && call.response_id === null)).toBe(true);
    const stepIds = new Set(diagnosticCalls.map((call) => `${call.diagnostic_task_id}/${call.tool_call_id}`));
    const steps = feedback.filter((f) => f.target_type === "diagnostic_step");
    expect(steps.length).toBeGreaterThan(0);
    for (const step of steps) expect(stepIds.has(`${step.diagnostic_task_id}/${step.target_id}`)).toBe(true);
    expect(feedback.some((f) => f.target_type === "diagnostic_report" && f.diagnostic_task_id !== null)).toBe(true);
  });

  it("rates citations the response showed", () => {
    const citationsOf = new Map(responses.map((r) => [r.response_id, r.citation_ids]));
    const ratings = feedback.filter((f) => f.target_type === "citation");
    expect(ratings.length).toBeGreaterThan(0);
    for (const rating of ratings)
      expect(citationsOf.get(rating.target_id) ?? [rating.subject_id]).toContain(rating.subject_id);
  });

  it("has revisions, cleared ratings and retries, but never two contents for one client_feedback_id", () => {
    const actionsPerTarget = new Map<string, Set<string>>();
    for (const f of feedback) {
      const key = `${f.tenant_id}/${f.user_id}/${f.target_type}/${f.target_id}/${f.subject_id ?? ""}`;
      actionsPerTarget.set(key, (actionsPerTarget.get(key) ?? new Set()).add(f.client_feedback_id));
    }
    expect([...actionsPerTarget.values()].filter((ids) => ids.size > 1).length).toBeGreaterThan(10); // revisions
    expect(feedback.some((f) => f.rating === "cleared")).toBe(true);

    const contents = new Map<string, Set<string>>();
    for (const f of feedback) {
      const key = `${f.tenant_id}/${f.user_id}/${f.client_feedback_id}`;
      contents.set(key, (contents.get(key) ?? new Set()).add(f.content_hash));
    }
    expect([...contents.values()].every((hashes) => hashes.size === 1)).toBe(true);
    expect(contents.size).toBeLessThan(feedback.length); // retries reuse a client_feedback_id
    expect(feedback.some((f) => f.reason_code === "not_grounded")).toBe(true);
    expect(feedback.some((f) => f.comment !== null) && feedback.some((f) => f.correction !== null)).toBe(true);
  });

  it("makes prompt v2 measurably better rated than v1", () => {
    const promptOf = new Map(responses.map((r) => [r.response_id, r.prompt_version]));
    const firstRatings = new Map<string, string>();
    for (const f of feedback) {
      if (f.target_type === "chat_message" && f.rating !== "cleared" && !firstRatings.has(f.target_id))
        firstRatings.set(f.target_id, f.rating);
    }
    const upShare = (version: string) => {
      const ratings = [...firstRatings]
        .filter(([responseId]) => promptOf.get(responseId) === version)
        .map(([, rating]) => rating);
      return ratings.filter((rating) => rating === "up").length / ratings.length;
    };
    expect(upShare("v2") - upShare("v1")).toBeGreaterThan(0.04);
  });
});

describe("generateDemoEvents in live mode", () => {
  it("starts now and paces event times at the requested rate", () => {
    const startMs = END_MS;
    const stream = [...generateDemoEvents({ events: 5000, time: { mode: "live", startMs, eventsPerSecond: 100 } })];
    expect(stream).toHaveLength(5000);
    expect(stream[0]?.occurredAtMs).toBeGreaterThanOrEqual(startMs);
    const seconds = ((stream.at(-1)?.occurredAtMs ?? 0) - startMs) / 1000;
    expect(seconds).toBeGreaterThan(50 * 0.7);
    expect(seconds).toBeLessThan(50 * 1.3);
  });
});

describe("scenario options", () => {
  it("rejects nonsense before generating", () => {
    expect(() => generateDemoEvents({ events: -1 })).toThrow(/events/);
    expect(() => generateDemoEvents({ events: 10, tenants: ["acme corp"] })).toThrow(/tenant/);
    expect(() => generateDemoEvents({ events: 10, malformedShare: 2 })).toThrow(/malformedShare/);
    expect(() => generateDemoEvents({ events: 10, time: { mode: "live", eventsPerSecond: 0 } })).toThrow(
      /eventsPerSecond/,
    );
  });

  it("fits short windows and tiny counts", () => {
    const hour = [
      ...generateDemoEvents({ events: 500, time: { mode: "backfill", endMs: END_MS, windowMs: DAY_MS / 24 } }),
    ];
    expect(hour).toHaveLength(500);
    expect(hour.every((m) => m.occurredAtMs >= END_MS - DAY_MS / 24 && m.occurredAtMs <= END_MS)).toBe(true);
    expect(generate(1)).toHaveLength(1);
    expect(generate(0)).toHaveLength(0);
  });
});
