// vikingbot session files for the importer's integration tests (the figures they imply are worked
// out in test/integration/vikingbot-import.test.ts). Times are the bot host's local time, Asia/Shanghai (+08:00).
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  HEARTBEAT_PROMPT,
  assistantLine,
  metadataLine,
  reminderLine,
  sessionText,
  userLine,
  type FeedbackInput,
  type OutcomeInput,
} from "./vikingbot-lines";

export const TIME_ZONE = "Asia/Shanghai";
export const ALICE_KEY = "feishu__cli_abc__oc_alice";
export const ALICE_FILE = `${ALICE_KEY}~0123456789abcdef.jsonl`;
/** A legacy name (no ~hash) with percent-encoded parts: `slack__T01/C02__U:42`. */
export const BOB_KEY = "slack__T01/C02__U:42";
export const BOB_FILE = "slack__T01%2FC02__U%3A42.jsonl";

const alice = { session_id: ALICE_KEY, user_id: "ou_alice", channel: "feishu__cli_abc" };
const bob = { session_id: BOB_KEY, user_id: "U:42", channel: "slack__T01/C02" };

export const aliceFeedback: FeedbackInput[] = [
  // Neither the request nor the answer named a user: vikingbot stores null; the answer's owner rated.
  { ...alice, user_id: null, response_id: "r1", feedback_type: "thumb_up", created_at: "2026-08-20T10:01:00" },
  // Repeated on r1: the later thumb_down is the current rating.
  {
    ...alice,
    response_id: "r1",
    feedback_type: "thumb_down",
    feedback_score: -1,
    feedback_reason: "incorrect",
    feedback_text: "wrong menu",
    created_at: "2026-08-20T10:02:00",
  },
  // A zero rating: neutral, sent as the score 0 on -1..1.
  { ...alice, response_id: "r2", feedback_type: "rating", feedback_score: 0, created_at: "2026-08-20T10:04:00" },
  // The tenant's newest event (03:30Z): it closes every observation window, r5's (03:00Z) included.
  { ...alice, response_id: "r3", feedback_type: "rating", feedback_score: 4, created_at: "2026-08-20T11:30:00.250000" },
];

/** The heartbeat turn: vikingbot's heartbeat sends its prompt as user `user` (process_direct). */
const heartbeat = { ...alice, user_id: "user" };

/** vikingbot's own labels as its outcome rule left them, each evaluated at the event that changed it. */
export const aliceOutcomes: Record<string, OutcomeInput> = {
  r1: { label: "negative_feedback", evaluated_at: "2026-08-20T10:02:00", feedback_type: "thumb_down" },
  r2: { label: "resolved", evaluated_at: "2026-08-20T10:04:00", feedback_type: "rating" },
  h1: { label: "follow_up_without_feedback", evaluated_at: "2026-08-20T10:30:00", user_follow_up_count: 1 },
  r3: { label: "positive_feedback", evaluated_at: "2026-08-20T11:30:00", feedback_type: "rating" },
};

export function aliceLines(
  feedback: FeedbackInput[] = aliceFeedback,
  outcomes: Record<string, OutcomeInput> = aliceOutcomes,
): string[] {
  return [
    metadataLine(
      ALICE_KEY,
      [
        {
          ...alice,
          response_id: "r1",
          created_at: "2026-08-20T10:00:00.412345",
          time_cost_ms: 8200,
          iteration_count: 2,
          tools_used_names: ["auto_memory_search", "web_search", "read_file"],
        },
        {
          ...alice,
          response_id: "r2",
          created_at: "2026-08-20T10:03:00",
          tools_used_names: ["web_search"],
          prompt_tokens: 200,
          completion_tokens: 100,
        },
        {
          ...heartbeat,
          response_id: "h1",
          created_at: "2026-08-20T10:15:00",
          time_cost_ms: 3100,
          iteration_count: 2,
          tools_used_names: ["message"],
          prompt_tokens: 250,
          completion_tokens: 100,
        },
        { ...alice, response_id: "r3", created_at: "2026-08-20T10:30:00" },
      ],
      feedback,
      outcomes,
    ),
    // `datetime.now().isoformat()`: microseconds, no zone; both lines of a turn are written at its end.
    userLine("How do I reset my password?", "2026-08-20T10:00:00.413012", "ou_alice"),
    // Three calls: the automatic memory lookup, a search run under a Skill, a failed read.
    assistantLine(
      "r1",
      "2026-08-20T10:00:00.413020",
      [
        {
          name: "auto_memory_search",
          ok: true,
          duration: 0,
          auto: true,
          args: { query: "How do I reset my password?" },
          result: "viking://user/memories/sso",
        },
        {
          id: "call_0",
          name: "web_search",
          ok: true,
          duration: 120.41,
          args: { query: "reset password admin" },
          skills: ["viking://agent/skills/search"],
        },
        {
          id: "call_1",
          name: "read_file",
          ok: false,
          duration: 30.2,
          args: { path: "docs/reset.md" },
          result: "Error: file not found: docs/reset.md",
        },
      ],
      "ou_alice",
    ),
    // An experience reminder is written before the user line of the turn that recalled it.
    reminderLine("2026-08-20T10:03:00"),
    userLine("Not what I asked, I need the admin reset", "2026-08-20T10:03:00", "ou_alice"),
    // The model reuses `call_0`: the importer's derived ids keep it a separate call. A result may be any JSON value.
    assistantLine(
      "r2",
      "2026-08-20T10:03:00",
      [
        {
          id: "call_0",
          name: "web_search",
          ok: true,
          duration: 80,
          result: { hits: 2, top: "Admin console > Users > Reset" },
        },
      ],
      "ou_alice",
    ),
    // Damage vikingbot does not write, to show it is reported by line and the rest still read.
    '{"role": "assistant", "content": "cut off',
    JSON.stringify({ _type: "checkpoint", at: "2026-08-20T10:10:00" }),
    // A heartbeat that had something to do (a no-op HEARTBEAT_OK reply is not written at all).
    userLine(HEARTBEAT_PROMPT, "2026-08-20T10:15:00", "user"),
    assistantLine(
      "h1",
      "2026-08-20T10:15:00",
      [
        {
          id: "call_m",
          name: "message",
          ok: true,
          duration: 15.5,
          args: { content: "Reminder: SSO rollout today" },
          result: "Message sent to feishu:oc_alice",
        },
      ],
      "user",
    ),
    userLine("Thanks! Another question: what is SSO?", "2026-08-20T10:30:00", "ou_alice"),
    assistantLine("r3", "2026-08-20T10:30:00", null, "ou_alice"),
  ];
}

export function bobLines(): string[] {
  return [
    metadataLine(
      BOB_KEY,
      [
        {
          ...bob,
          response_id: "r4",
          created_at: "2026-08-20T09:00:00",
          iteration_count: 3,
          tools_used_names: ["sql_query"],
          prompt_tokens: 300,
          completion_tokens: 100,
        },
        { ...bob, response_id: "r5", created_at: "2026-08-20T11:00:00" },
      ],
      [
        { ...bob, response_id: "r4", feedback_type: "rating", feedback_score: -2, created_at: "2026-08-20T09:05:00" },
        // A rating of 0: neutral, sent as the score 0 on -1..1.
        { ...bob, response_id: "r5", feedback_type: "rating", feedback_score: 0, created_at: "2026-08-20T11:01:00" },
      ],
    ),
    userLine("Show last month's revenue", "2026-08-20T09:00:00", "U:42"),
    assistantLine(
      "r4",
      "2026-08-20T09:00:00",
      [
        {
          id: "q1",
          name: "sql_query",
          ok: false,
          duration: 500,
          args: { sql: "select 1", password: "hunter2" },
          result: "Error: permission denied",
        },
      ],
      "U:42",
    ),
    userLine("And this month?", "2026-08-20T11:00:00", "U:42"),
    assistantLine("r5", "2026-08-20T11:00:00", null, "U:42"),
    // A role vikingbot's format does not have: an unknown record.
    JSON.stringify({ role: "tool", content: "raw tool output" }),
  ];
}

export async function writeFixtures(directory: string): Promise<void> {
  await writeFile(join(directory, ALICE_FILE), sessionText(aliceLines()));
  await writeFile(join(directory, BOB_FILE), sessionText(bobLines()));
  await writeFile(join(directory, "notes.txt"), "not a session\n");
  await writeFile(join(directory, "random.jsonl"), '{"hello": "world"}\n');
}
