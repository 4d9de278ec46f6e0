// Builders of vikingbot session lines (docs/vikingbot.md) for tests: each returns one JSONL line with
// the keys, value types and layout vikingbot's own writer gives it (OpenViking `bot/vikingbot/agent/
// loop.py` and `session/manager.py`; the functions named below are vikingbot's).

export type FactsInput = {
  response_id: string;
  session_id: string;
  user_id: string;
  channel: string;
  created_at: string;
  iteration_count?: number;
  tool_count?: number;
  tools_used_names?: string[];
  prompt_tokens?: number;
  completion_tokens?: number;
  time_cost_ms?: number;
  response_length?: number;
};

/** `_build_response_completed_payload` in vikingbot's agent loop, key for key. */
export const factsOf = (input: FactsInput) => ({
  response_id: input.response_id,
  session_id: input.session_id,
  user_id: input.user_id,
  channel: input.channel,
  // `msg.session_key.type`, the first part of the channel key.
  session_type: input.channel.split("__")[0],
  time_cost_ms: input.time_cost_ms ?? 1500,
  prompt_tokens: input.prompt_tokens ?? 100,
  completion_tokens: input.completion_tokens ?? 50,
  total_tokens: (input.prompt_tokens ?? 100) + (input.completion_tokens ?? 50),
  iteration_count: input.iteration_count ?? 1,
  tool_count: input.tool_count ?? input.tools_used_names?.length ?? 0,
  tools_used_names: input.tools_used_names ?? [],
  response_length: input.response_length ?? 42,
  created_at: input.created_at,
  has_reasoning: false,
});

export type FeedbackInput = {
  response_id: string;
  session_id: string;
  /** null as vikingbot writes it when neither the request nor the answer named a user. */
  user_id: string | null;
  feedback_type: "thumb_up" | "thumb_down" | "rating";
  feedback_score?: number | null;
  feedback_reason?: string | null;
  feedback_text?: string | null;
  created_at: string;
};

/** vikingbot's own label of one answer: a label alone (evaluated at 12:00 local), or with its time and flags. */
export type OutcomeInput =
  | string
  | {
      label: string;
      evaluated_at?: string;
      reask_within_10m?: boolean;
      feedback_type?: string | null;
      user_follow_up_count?: number;
    };

const outcomeOf = (responseId: string, input: OutcomeInput) => {
  const {
    label,
    evaluated_at = "2026-08-20T12:00:00",
    reask_within_10m = false,
    feedback_type = null,
    user_follow_up_count = 0,
  } = typeof input === "string" ? { label: input } : input;
  return {
    response_id: responseId,
    resolved_in_one_turn: label === "resolved" || label === "positive_feedback",
    reask_within_10m,
    clarification_turns: 0,
    follow_up_without_feedback: label === "follow_up_without_feedback",
    outcome_label: label,
    evaluated_at,
    evidence: { feedback_type, feedback_score: null, user_follow_up_count, assistant_index: 1 },
  };
};

export function metadataLine(
  sessionKey: string,
  facts: FactsInput[],
  feedback: FeedbackInput[],
  outcomes: Record<string, OutcomeInput> = {},
): string {
  const [type, channelId, chatId] = sessionKey.split("__");
  // `SessionManager._save_unlocked`: the metadata record first, then one line per message.
  return pythonJsonDumps({
    _type: "metadata",
    session_key: sessionKey,
    session_key_fields: { type, channel_id: channelId, chat_id: chatId },
    created_at: "2026-08-20T09:00:00",
    updated_at: "2026-08-20T12:00:00",
    metadata: {
      response_facts: Object.fromEntries(facts.map((entry) => [entry.response_id, factsOf(entry)])),
      // The openapi channel's `_handle_feedback`, key for key.
      feedback_events: feedback.map((entry) => ({
        response_id: entry.response_id,
        session_id: entry.session_id,
        user_id: entry.user_id,
        feedback_type: entry.feedback_type,
        feedback_score: entry.feedback_score ?? null,
        feedback_reason: entry.feedback_reason ?? null,
        feedback_text: entry.feedback_text ?? null,
        feedback_delay_sec: 30.0,
        channel: `${type}__${channelId}`,
        created_at: entry.created_at,
      })),
      response_outcomes: Object.fromEntries(
        Object.entries(outcomes).map(([id, outcome]) => [id, outcomeOf(id, outcome)]),
      ),
      openviking: { uri: "viking://x" },
      recalled_exp_uris: ["viking://exp/1"],
      skip_heartbeat: true,
      feishu_message_to_response_id: { om_1: "r1" },
    },
  });
}

export const userLine = (content: string, timestamp: string, senderId: string) =>
  pythonJsonDumps({ role: "user", content, timestamp, sender_id: senderId });

/** What vikingbot writes before a turn that recalled agent experience: no sender, not a user turn. */
export const reminderLine = (timestamp: string) =>
  pythonJsonDumps({
    role: "user",
    content: "[Experience Reminder]\n## Relevant Agent Experience\nUsers like short answers.",
    timestamp,
    exp_uris: ["viking://agent/experience/short-answers"],
    experience_reminder: true,
  });

/** The prompt vikingbot's heartbeat service sends as user `user` (vikingbot/heartbeat/service.py). */
export const HEARTBEAT_PROMPT =
  "Read HEARTBEAT.md in your workspace (if it exists).\nFollow any instructions or tasks listed there.\nIMPORTANT: Use the 'message' tool to send any results or updates to the user.\nIf nothing needs attention, reply with just: HEARTBEAT_OK";

/**
 * One tool call. `auto` is the automatic memory lookup vikingbot prepends (no call id, no resolved
 * arguments, `auto: true`); `skills` the Skill URIs a call ran under.
 */
export type ToolInput = {
  id?: string;
  name: string;
  ok: boolean;
  duration: number;
  args?: Record<string, unknown>;
  result?: unknown;
  skills?: string[];
  auto?: true;
};

/** A `tools_used` entry as the agent loop's `tool_used_dict` (or `_publish_auto_memory_context`) writes it. */
function toolUsedOf(tool: ToolInput) {
  const args = tool.args ?? { query: "q" };
  const result = tool.result ?? (tool.ok ? "ok: 3 results" : "Error: timeout");
  // `json.dumps(tool_call.arguments, ensure_ascii=False)`: the arguments as JSON text.
  const argsText = pythonJsonDumps(args);
  if (tool.auto)
    return {
      tool_name: tool.name,
      args: argsText,
      result,
      duration: 0,
      execute_success: tool.ok,
      input_token: 4,
      output_token: 20,
      auto: true,
    };
  return {
    tool_call_id: tool.id,
    tool_name: tool.name,
    args: argsText,
    resolved_args: args,
    result,
    duration: tool.duration,
    execute_success: tool.ok,
    input_token: 10,
    output_token: 20,
    ...(tool.skills ? { skill_uri: tool.skills[0], skill_uris: tool.skills } : {}),
  };
}

/** Python's `json.dumps` layout (`", "` and `": "` separators), so the text is byte for byte vikingbot's. */
export function pythonJsonDumps(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(", ")}]`;
  if (typeof value === "object" && value !== null)
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}: ${pythonJsonDumps(item)}`)
      .join(", ")}}`;
  return JSON.stringify(value);
}

/** An assistant line as `session.add_message("assistant", ...)` in the agent loop writes it, key for key. */
export function assistantLine(
  responseId: string | null,
  timestamp: string,
  tools: ToolInput[] | null,
  senderId = "ou_bot_user",
): string {
  return pythonJsonDumps({
    role: "assistant",
    content: "Here is the answer.",
    timestamp,
    ...(responseId ? { response_id: responseId } : {}),
    tools_used: tools && tools.length > 0 ? tools.map(toolUsedOf) : null,
    reasoning_content: null,
    agent_turns: null,
    sender_id: senderId,
    token_usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150, cache_read_input_tokens: 0 },
  });
}

export const sessionText = (lines: string[]) => `${lines.join("\n")}\n`;
