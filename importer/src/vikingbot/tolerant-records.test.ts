// The importer reads every shape vikingbot writes (docs/vikingbot.md): a field the mapping does not
// need never costs the record, and a broken field it needs costs only its own entry, with the line.
import { describe, expect, it } from "vitest";
import { sessionEventsOf } from "../mapping/session-events";
import { assistantLine, metadataLine, sessionText, userLine } from "../testing/vikingbot-lines";
import { parseSession, type ParsedSession } from "./parse-session";
import { toolArgumentsOf, toolSucceeded } from "./tolerant";

const KEY = "feishu__cli_a__oc_1";
const context = { tenantId: "vb", timeZone: "Asia/Shanghai", model: "unknown", provider: "unknown" };
const facts = {
  response_id: "r1",
  session_id: KEY,
  user_id: "u1",
  channel: "feishu__cli_a",
  created_at: "2026-08-20T10:00:00",
};

function sessionOf(lines: string[]): ParsedSession {
  const parsed = parseSession(sessionText(lines));
  if (parsed.kind !== "session") throw new Error(parsed.reason);
  return parsed;
}
const toolsOf = (session: ParsedSession) =>
  session.messages.flatMap((entry) =>
    entry.role === "assistant" ? entry.tools.map(({ position, use }) => ({ position, ...use })) : [],
  );
/** An assistant line with raw `tools_used` entries, for shapes the builder does not write. */
const rawAssistant = (tools: unknown) =>
  JSON.stringify({
    role: "assistant",
    content: "x",
    timestamp: "2026-08-20T10:00:00",
    response_id: "r1",
    tools_used: tools,
  });

describe("reading tools_used as vikingbot writes it", () => {
  it("takes the JSON text in args, any JSON result, Skill URIs and the automatic memory lookup without a word", () => {
    const session = sessionOf([
      metadataLine(KEY, [facts], []),
      assistantLine("r1", "2026-08-20T10:00:00", [
        { name: "auto_memory_search", ok: true, duration: 0, auto: true, args: { query: "reset" } },
        {
          id: "call_0",
          name: "web_search",
          ok: true,
          duration: 120.4,
          args: { query: "密码 reset", limit: 3 },
          result: [{ title: "a" }],
          skills: ["viking://skills/search"],
        },
        { id: "call_1", name: "count", ok: true, duration: 2, result: 7 },
      ]),
    ]);
    expect(session.problems).toEqual([]);
    expect(toolsOf(session)).toEqual([
      {
        position: 0,
        tool_call_id: null,
        tool_name: "auto_memory_search",
        arguments: { query: "reset" },
        result: "ok: 3 results",
        duration_ms: 0,
        succeeded: true,
      },
      {
        position: 1,
        tool_call_id: "call_0",
        tool_name: "web_search",
        arguments: { query: "密码 reset", limit: 3 },
        result: [{ title: "a" }],
        duration_ms: 120,
        succeeded: true,
      },
      {
        position: 2,
        tool_call_id: "call_1",
        tool_name: "count",
        arguments: { query: "q" },
        result: 7,
        duration_ms: 2,
        succeeded: true,
      },
    ]);
  });

  it("keeps a call whose unneeded fields are broken, dropping only those values", () => {
    const session = sessionOf([
      metadataLine(KEY, [facts], []),
      rawAssistant([
        {
          tool_call_id: 42,
          tool_name: "web_search",
          args: "not json",
          resolved_args: "nor this",
          result: "fine",
          duration: "12ms",
          execute_success: "yes",
          input_token: "many",
          skill_uris: "x",
          extra: { a: 1 },
        },
      ]),
    ]);
    expect(session.problems).toEqual([]);
    expect(toolsOf(session)).toEqual([
      {
        position: 0,
        tool_call_id: null,
        tool_name: "web_search",
        arguments: undefined,
        result: "fine",
        duration_ms: null,
        succeeded: true,
      },
    ]);
  });

  it("rejects only the call whose name is missing, by line and position, and keeps its siblings where they were", () => {
    const session = sessionOf([
      metadataLine(KEY, [facts], []),
      rawAssistant([
        { tool_name: 7, args: "{}" },
        { tool_name: "ok_tool", args: "{}", result: "done" },
      ]),
    ]);
    expect(session.problems).toEqual([
      { line: 2, kind: "invalid_record", message: expect.stringMatching(/^tools_used\[0\]: tool_name: /) },
    ]);
    expect(toolsOf(session).map(({ position, tool_name }) => [position, tool_name])).toEqual([[1, "ok_tool"]]);
  });

  it("reads Python's NaN and Infinity (json.dumps writes them) as null, leaving the same words in text alone", () => {
    const line = rawAssistant([
      { tool_name: "stats", args: '{"x": NaN}', result: "RESULT", duration: 3, execute_success: true },
    ])
      .replace('"RESULT"', '{"mean": NaN, "max": Infinity, "min": -Infinity, "note": "NaN and Infinity stay text"}')
      .replace('"duration":3', '"duration":NaN');
    const session = sessionOf([metadataLine(KEY, [facts], []), line]);
    expect(session.problems).toEqual([]);
    expect(toolsOf(session)).toEqual([
      {
        position: 0,
        tool_call_id: null,
        tool_name: "stats",
        arguments: { x: null },
        result: { mean: null, max: null, min: null, note: "NaN and Infinity stay text" },
        duration_ms: null,
        succeeded: true,
      },
    ]);
  });

  it("reports a tools_used that is not a list, and still links the line to its answer", () => {
    const session = sessionOf([metadataLine(KEY, [facts], []), rawAssistant("web_search")]);
    expect(session.problems).toEqual([
      { line: 2, kind: "invalid_record", message: "tools_used: expected a list, received string" },
    ]);
    expect(session.messages).toMatchObject([{ role: "assistant", message: { response_id: "r1" }, tools: [] }]);
  });
});

describe("tool arguments and success", () => {
  it("parses args text to an object, else takes resolved_args, else none", () => {
    expect(toolArgumentsOf('{"q": "x"}', { q: "resolved" })).toEqual({ q: "x" });
    expect(toolArgumentsOf({ q: "object" }, undefined)).toEqual({ q: "object" });
    expect(toolArgumentsOf("[1, 2]", { q: "resolved" })).toEqual({ q: "resolved" });
    expect(toolArgumentsOf("{broken", { q: "resolved" })).toEqual({ q: "resolved" });
    expect(toolArgumentsOf("null", ["list"])).toBeUndefined();
  });

  it("takes execute_success when it is a boolean, else vikingbot's rule on the result", () => {
    expect(toolSucceeded(false, "ok")).toBe(false);
    expect(toolSucceeded(true, "Error: x")).toBe(true);
    expect(toolSucceeded(undefined, "  Error: timeout")).toBe(false);
    expect(toolSucceeded("yes", "rows: 3")).toBe(true);
    expect(toolSucceeded(undefined, { rows: 3 })).toBe(true);
    expect(toolSucceeded(undefined, "   ")).toBe(false);
    expect(toolSucceeded(undefined, null)).toBe(false);
  });
});

describe("reading the metadata record tolerantly", () => {
  it("ignores broken fields it does not map, and reports a broken section without losing the others", () => {
    const record = JSON.parse(
      metadataLine(
        KEY,
        [facts],
        [
          {
            response_id: "r1",
            session_id: KEY,
            user_id: "u1",
            feedback_type: "thumb_up",
            created_at: "2026-08-20T10:01:00",
          },
        ],
        { r1: "resolved" },
      ),
    );
    record.session_key_fields = "feishu/cli_a/oc_1";
    record.created_at = 1755655200;
    record.metadata.response_facts.r1.has_reasoning = "yes";
    record.metadata.response_facts.r1.session_type = 5;
    record.metadata.feedback_events[0].feedback_delay_sec = "late";
    record.metadata.feedback_events[0].channel = null;
    record.metadata.response_outcomes.r1.evidence = "n/a";
    record.metadata.response_outcomes.r1.clarification_turns = "none";
    record.metadata.openviking = "anything";
    const session = sessionOf([
      JSON.stringify(record),
      JSON.stringify({
        role: "user",
        content: [{ type: "text", text: "hi" }],
        sender_id: null,
        experience_reminder: "no",
      }),
    ]);
    expect(session.problems).toEqual([]);
    expect([session.facts.length, session.feedback.length, session.outcomes.length, session.messages.length]).toEqual([
      1, 1, 1, 1,
    ]);
    expect(session.facts[0]?.session_type).toBeUndefined();

    record.metadata.response_facts = [record.metadata.response_facts.r1];
    const broken = sessionOf([JSON.stringify(record)]);
    expect(broken.problems).toEqual([
      { line: 1, kind: "invalid_record", message: "response_facts: expected an object, received a list" },
    ]);
    expect([broken.facts.length, broken.feedback.length, broken.outcomes.length]).toEqual([0, 1, 1]);
  });

  it("gives a rating without a user to the answer's owner, reads a score that is not a number as none, and reports a rating it cannot own", () => {
    const record = JSON.parse(
      metadataLine(
        KEY,
        [facts],
        [
          {
            response_id: "r1",
            session_id: KEY,
            user_id: null,
            feedback_type: "thumb_down",
            created_at: "2026-08-20T10:01:00",
          },
          {
            response_id: "r1",
            session_id: KEY,
            user_id: "u1",
            feedback_type: "rating",
            created_at: "2026-08-20T10:02:00",
          },
          {
            response_id: "gone",
            session_id: KEY,
            user_id: null,
            feedback_type: "thumb_up",
            created_at: "2026-08-20T10:03:00",
          },
        ],
      ),
    );
    // A score as text: vikingbot's own `_parse_feedback_score` reads it as no score.
    record.metadata.feedback_events[1].feedback_score = "4";
    const session = sessionOf([
      JSON.stringify(record),
      userLine("q", "2026-08-20T10:00:00", "u1"),
      assistantLine("r1", "2026-08-20T10:00:00", null),
    ]);
    expect(session.problems).toEqual([]);
    const mapped = sessionEventsOf(session, context);
    expect(
      mapped.events.filter(({ event }) => event.event_type === "feedback_submitted").map(({ event }) => event),
    ).toMatchObject([{ target_id: "r1", user_id: "u1", rating: "down" }]);
    expect(mapped.unscoredRatings).toBe(1);
    expect(mapped.problems).toEqual([
      { line: 1, message: 'feedback_events[2]: no user_id, and no answer "gone" in the file to take its owner from' },
    ]);
  });
});
