import { validateEvent } from "@answerscope/contracts";
import { describe, expect, it } from "vitest";
import { assistantLine, metadataLine, reminderLine, sessionText, userLine } from "../testing/vikingbot-lines";
import { parseSession } from "../vikingbot/parse-session";
import { sessionEventsOf } from "./session-events";

const KEY = "feishu__cli_a__oc_1";
const context = { tenantId: "vb", timeZone: "Asia/Shanghai", model: "unknown", provider: "unknown" };
const fb = (type: "thumb_up" | "thumb_down" | "rating", score: number | null, at: string) => ({
  response_id: "r1",
  session_id: KEY,
  user_id: "u1",
  feedback_type: type,
  feedback_score: score,
  created_at: at,
});

function eventsOf(lines: string[]) {
  const parsed = parseSession(sessionText(lines));
  if (parsed.kind !== "session") throw new Error(parsed.reason);
  return sessionEventsOf(parsed, context);
}

const session = [
  metadataLine(
    KEY,
    [
      {
        response_id: "r1",
        session_id: KEY,
        user_id: "u1",
        channel: "feishu__cli_a",
        created_at: "2026-08-20T10:00:05.5",
        iteration_count: 2,
        tool_count: 2,
        tools_used_names: ["web_search", "read_file"],
      },
    ],
    [
      { ...fb("thumb_up", 1, "2026-08-20T10:01:00"), feedback_reason: "Not grounded", feedback_text: "sources?" },
      fb("rating", 0, "2026-08-20T10:02:00"),
      fb("rating", null, "2026-08-20T10:02:30"),
      fb("rating", -3, "2026-08-20T10:03:00"),
    ],
  ),
  userLine("How do I reset my password?", "2026-08-20T10:00:05", "u1"),
  reminderLine("2026-08-20T10:00:05"),
  assistantLine("r1", "2026-08-20T10:00:05", [
    {
      id: "c1",
      name: "web_search",
      ok: true,
      duration: 120.4,
      args: { query: "reset", api_key: "sk-abcdefghijklmnopqrstuvwx" },
    },
    { id: "c2", name: "read_file", ok: false, duration: 30, result: { error: "not found" } },
  ]),
  assistantLine(null, "2026-08-20T10:30:00", null),
];

describe("sessionEventsOf", () => {
  it("maps facts to a response_completed with the query, local time converted and stop as finish reason", () => {
    const { events } = eventsOf(session);
    const response = events.find(({ event }) => event.event_type === "response_completed");
    expect(response?.event).toMatchObject({
      occurred_at: "2026-08-20T02:00:05.500Z",
      response_id: "r1",
      session_id: KEY,
      user_id: "u1",
      channel: "feishu__cli_a",
      session_type: "feishu",
      model: "unknown",
      provider: "unknown",
      finish_reason: "stop",
      iteration_count: 2,
      tool_count: 2,
      tools_used_names: ["web_search", "read_file"],
      prompt_tokens: 100,
      completion_tokens: 50,
      total_tokens: 150,
      query_text: "How do I reset my password?",
      turn_index: 0,
    });
  });

  it("maps tools_used to completed and failed tool calls of the response", () => {
    const tools = eventsOf(session)
      .events.filter(({ event }) => event.event_type === "tool_call")
      .map(({ event }) => event);
    expect(tools).toMatchObject([
      {
        status: "completed",
        tool_name: "web_search",
        duration_ms: 120,
        response_id: "r1",
        session_id: KEY,
        user_id: "u1",
        result_summary: "ok: 3 results",
        arguments: { query: "reset" },
      },
      { status: "failed", tool_name: "read_file", duration_ms: 30, error_message: '{"error":"not found"}' },
    ]);
    // The contract redacts on ingest; the importer passes the arguments through.
    const stored = validateEvent(tools[0]);
    expect(stored.ok && stored.event.event_type === "tool_call" && stored.event.arguments_json).not.toContain(
      "sk-abcdefghijklmnop",
    );
  });

  it("maps thumbs to ratings and numeric ratings to scores on -1..1, counts those without a number, keeps each submission", () => {
    const result = eventsOf(session);
    const ratings = result.events
      .filter(({ event }) => event.event_type === "feedback_submitted")
      .map(({ event }) => event);
    expect(ratings).toMatchObject([
      {
        rating: "up",
        target_type: "chat_message",
        target_id: "r1",
        user_id: "u1",
        reason: "Not grounded",
        comment: "sources?",
        occurred_at: "2026-08-20T02:01:00.000Z",
      },
      { score: 0, score_min: -1, score_max: 1, occurred_at: "2026-08-20T02:02:00.000Z" },
      { score: -1, score_min: -1, score_max: 1, occurred_at: "2026-08-20T02:03:00.000Z" },
    ]);
    expect(ratings.map((event) => "rating" in event && event.rating)).toEqual(["up", false, false]);
    expect(result.unscoredRatings).toBe(1);
    expect(result.repliesWithoutFacts).toBe(1);
    expect(
      new Set(ratings.map((event) => event.event_type === "feedback_submitted" && event.client_feedback_id)).size,
    ).toBe(3);
  });

  it("derives the same ids from the same content, and every event passes the contract", () => {
    const first = eventsOf(session).events.map(({ event }) => event.event_id);
    expect(eventsOf(session).events.map(({ event }) => event.event_id)).toEqual(first);
    expect(new Set(first).size).toBe(first.length);
    for (const { event } of eventsOf(session).events) expect(validateEvent(event)).toMatchObject({ ok: true });
  });

  it("keeps events under the size limit without cutting what the contract stores", () => {
    const huge = "x".repeat(400 * 1024);
    const { events } = eventsOf([
      metadataLine(KEY, [], []),
      userLine("q", "2026-08-20T10:00:00", "u1"),
      assistantLine(null, "2026-08-20T10:00:00", [
        { id: "c", name: "t", ok: true, duration: 1, result: huge, args: { blob: huge } },
      ]),
    ]);
    const [tool] = events;
    expect(Buffer.byteLength(JSON.stringify(tool?.event))).toBeLessThan(256 * 1024);
    expect(validateEvent(tool?.event)).toMatchObject({ ok: true, event: { result_summary: "x".repeat(2000) } });
  });

  it("reports an unreadable time instead of inventing one", () => {
    const result = eventsOf([
      metadataLine(KEY, [{ response_id: "r9", session_id: KEY, user_id: "u1", channel: "c", created_at: "soon" }], []),
    ]);
    expect(result.events).toEqual([]);
    expect(result.problems[0]?.message).toMatch(/not a time/);
  });
});
