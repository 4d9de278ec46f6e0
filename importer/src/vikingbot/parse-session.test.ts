import { describe, expect, it } from "vitest";
import { assistantLine, metadataLine, reminderLine, sessionText, userLine } from "../testing/vikingbot-lines";
import { parseSession } from "./parse-session";

const KEY = "feishu__cli_a__oc_1";
const facts = {
  response_id: "r1",
  session_id: KEY,
  user_id: "u1",
  channel: "feishu__cli_a",
  created_at: "2026-08-20T10:00:00",
};

describe("parseSession", () => {
  it("reads metadata, messages and tools, reporting broken and unknown lines without losing the rest", () => {
    const text = sessionText([
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
      ),
      userLine("hi", "2026-08-20T10:00:00", "u1"),
      '{"role": "user", "content": ',
      JSON.stringify({ role: "system", content: "x" }),
      reminderLine("2026-08-20T10:00:00"),
      assistantLine("r1", "2026-08-20T10:00:00", [{ id: "c1", name: "web_search", ok: true, duration: 12.7 }]),
    ]);
    const parsed = parseSession(text);
    if (parsed.kind !== "session") throw new Error(parsed.reason);
    expect(parsed.sessionKey).toBe(KEY);
    expect(parsed.facts.map((f) => f.response_id)).toEqual(["r1"]);
    expect(parsed.feedback).toHaveLength(1);
    expect(parsed.messages.map((m) => [m.line, m.role])).toEqual([
      [2, "user"],
      [5, "user"],
      [6, "assistant"],
    ]);
    expect(parsed.problems.map((p) => [p.line, p.kind])).toEqual([
      [3, "broken_line"],
      [4, "unknown_record"],
    ]);
    expect(parsed.incompleteTail).toBe(false);
  });

  it("keeps an invalid facts or tools entry to itself", () => {
    const metadata = JSON.parse(metadataLine(KEY, [facts], []));
    metadata.metadata.response_facts.bad = { response_id: "bad" };
    const text = sessionText([
      JSON.stringify(metadata),
      JSON.stringify({
        role: "assistant",
        response_id: "r1",
        tools_used: [{ nope: 1 }, { tool_name: "t", execute_success: false }],
      }),
    ]);
    const parsed = parseSession(text);
    if (parsed.kind !== "session") throw new Error(parsed.reason);
    expect(parsed.facts).toHaveLength(1);
    expect(parsed.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/^response_facts\.bad/),
      expect.stringMatching(/^tools_used\[0\]/),
    ]);
    const assistant = parsed.messages[0];
    expect(assistant?.role === "assistant" && assistant.tools.map((t) => t.position)).toEqual([1]);
  });

  it("notices a last line still being written, and refuses files that are not sessions", () => {
    const parsed = parseSession(`${metadataLine(KEY, [], [])}\n{"role": "us`);
    expect(parsed.kind === "session" && parsed.incompleteTail).toBe(true);
    expect(parseSession('{"hello": 1}\n')).toMatchObject({ kind: "not_session" });
    expect(parseSession("plain text\n")).toMatchObject({ kind: "not_session" });
    expect(parseSession("")).toMatchObject({ kind: "not_session", reason: "empty file" });
  });
});
