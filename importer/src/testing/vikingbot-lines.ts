// Builders of vikingbot session lines (vikingbot-format.md) for tests: each returns one JSONL line.

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
  session_type?: string;
};

export const factsOf = (input: FactsInput) => ({
  session_type: 'private',
  time_cost_ms: 1500,
  prompt_tokens: 100,
  completion_tokens: 50,
  iteration_count: 1,
  tool_count: 0,
  tools_used_names: [],
  response_length: 42,
  has_reasoning: false,
  ...input,
  total_tokens: (input.prompt_tokens ?? 100) + (input.completion_tokens ?? 50),
});

export type FeedbackInput = {
  response_id: string;
  session_id: string;
  user_id: string;
  feedback_type: 'thumb_up' | 'thumb_down' | 'rating';
  feedback_score?: number | null;
  feedback_reason?: string | null;
  feedback_text?: string | null;
  created_at: string;
};

/** vikingbot's own label of one answer: a label alone (evaluated at 12:00 local), or with its time and flags. */
export type OutcomeInput = string | { label: string; evaluated_at?: string; reask_within_10m?: boolean; feedback_type?: string | null; user_follow_up_count?: number };

const outcomeOf = (responseId: string, input: OutcomeInput) => {
  const { label, evaluated_at = '2026-08-20T12:00:00', reask_within_10m = false, feedback_type = null, user_follow_up_count = 0 } = typeof input === 'string' ? { label: input } : input;
  return {
    response_id: responseId,
    resolved_in_one_turn: label === 'resolved' || label === 'positive_feedback',
    reask_within_10m,
    clarification_turns: 0,
    follow_up_without_feedback: label === 'follow_up_without_feedback',
    outcome_label: label,
    evaluated_at,
    evidence: { feedback_type, feedback_score: null, user_follow_up_count, assistant_index: 1 },
  };
};

export function metadataLine(sessionKey: string, facts: FactsInput[], feedback: FeedbackInput[], outcomes: Record<string, OutcomeInput> = {}): string {
  const [type, channelId, chatId] = sessionKey.split('__');
  return JSON.stringify({
    _type: 'metadata',
    session_key: sessionKey,
    session_key_fields: { type, channel_id: channelId, chat_id: chatId },
    created_at: '2026-08-20T09:00:00',
    updated_at: '2026-08-20T12:00:00',
    metadata: {
      response_facts: Object.fromEntries(facts.map((entry) => [entry.response_id, factsOf(entry)])),
      feedback_events: feedback.map((entry) => ({ feedback_score: null, feedback_reason: null, feedback_text: null, feedback_delay_sec: 30, channel: 'x', ...entry })),
      response_outcomes: Object.fromEntries(Object.entries(outcomes).map(([id, outcome]) => [id, outcomeOf(id, outcome)])),
      openviking: { uri: 'viking://x' },
      recalled_exp_uris: ['viking://exp/1'],
      skip_heartbeat: true,
      feishu_message_to_response_id: { om_1: 'r1' },
    },
  });
}

export const userLine = (content: string, timestamp: string, senderId: string) => JSON.stringify({ role: 'user', content, timestamp, sender_id: senderId });

export const reminderLine = (timestamp: string) =>
  JSON.stringify({ role: 'user', content: 'Experience: users like short answers', timestamp, sender_id: 'system', exp_uris: ['viking://exp/1'], experience_reminder: true });

export type ToolInput = { id: string; name: string; ok: boolean; duration: number; args?: Record<string, unknown>; result?: unknown };

export function assistantLine(responseId: string | null, timestamp: string, tools: ToolInput[] | null): string {
  return JSON.stringify({
    role: 'assistant',
    content: 'Here is the answer.',
    timestamp,
    ...(responseId ? { response_id: responseId } : {}),
    tools_used:
      tools?.map((tool) => ({
        tool_call_id: tool.id,
        tool_name: tool.name,
        args: tool.args ?? { query: 'q' },
        resolved_args: tool.args ?? { query: 'q' },
        result: tool.result ?? (tool.ok ? 'ok: 3 results' : 'Error: timeout'),
        duration: tool.duration,
        execute_success: tool.ok,
        input_token: 10,
        output_token: 20,
      })) ?? null,
    reasoning_content: null,
    agent_turns: 1,
    sender_id: 'bot',
    token_usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150, cache_read_input_tokens: 0 },
  });
}

export const sessionText = (lines: string[]) => `${lines.join('\n')}\n`;
