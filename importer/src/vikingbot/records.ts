// vikingbot's session records (docs: vikingbot-format.md), as zod schemas. Lenient where the bot is
// (nullable numbers, extra keys kept out of the way), strict where a mapping depends on a field.
import { z } from 'zod';

const count = z.number().nonnegative().nullish().transform((n) => Math.round(n ?? 0));
const text = z.string().nullish().transform((s) => s ?? null);

/** One entry of `metadata.response_facts`: the measurements of one final answer. */
export const responseFactsSchema = z.object({
  response_id: z.string().min(1),
  session_id: z.string().min(1),
  user_id: z.string().min(1),
  channel: z.string().min(1),
  session_type: text,
  time_cost_ms: count,
  prompt_tokens: count,
  completion_tokens: count,
  total_tokens: z.number().nonnegative().nullish(),
  iteration_count: count,
  tool_count: count,
  tools_used_names: z.array(z.string()).nullish().transform((names) => names ?? []),
  response_length: count,
  created_at: z.string().min(1),
  has_reasoning: z.boolean().nullish(),
});
export type ResponseFacts = z.output<typeof responseFactsSchema>;

export const FEEDBACK_TYPES = ['thumb_up', 'thumb_down', 'rating'] as const;

/** One entry of `metadata.feedback_events`: one submission (a user may submit several times). */
export const feedbackEventSchema = z.object({
  response_id: z.string().min(1),
  session_id: z.string().nullish(),
  user_id: z.string().min(1),
  feedback_type: z.enum(FEEDBACK_TYPES),
  feedback_score: z.number().nullish().transform((n) => n ?? null),
  feedback_reason: text,
  feedback_text: text,
  feedback_delay_sec: z.number().nullish(),
  channel: z.string().nullish(),
  created_at: z.string().min(1),
});
export type VikingbotFeedback = z.output<typeof feedbackEventSchema>;

/** vikingbot's own outcome labels (vikingbot-format.md, last section); others pass through as they are. */
export const VIKINGBOT_OUTCOME_LABELS = ['positive_feedback', 'negative_feedback', 'reasked', 'resolved', 'follow_up_without_feedback', 'follow_up'] as const;

/**
 * One entry of `metadata.response_outcomes`: vikingbot's own label of one answer. The label is
 * any string (a newer vikingbot may add labels; the contract bounds it), the time is required:
 * it orders re-evaluations.
 */
export const responseOutcomeSchema = z.object({
  response_id: z.string().min(1).nullish(),
  outcome_label: z.string().min(1),
  evaluated_at: z.string().min(1),
  resolved_in_one_turn: z.boolean().nullish(),
  reask_within_10m: z.boolean().nullish(),
  clarification_turns: z.number().nullish(),
  follow_up_without_feedback: z.boolean().nullish(),
  evidence: z
    .object({
      feedback_type: z.string().nullish(),
      feedback_score: z.number().nullish(),
      user_follow_up_count: z.number().nullish(),
      assistant_index: z.number().nullish(),
    })
    .nullish(),
});
export type VikingbotOutcome = z.output<typeof responseOutcomeSchema>;

/** Line 1. Only the keys the importer maps are read; the rest (`openviking`, ...) are ignored. */
export const metadataRecordSchema = z.object({
  _type: z.literal('metadata'),
  session_key: z.string().min(1),
  session_key_fields: z.object({ type: z.string(), channel_id: z.string(), chat_id: z.string() }).partial().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  metadata: z
    .object({
      // Entries are validated one by one (see parse-session.ts) so one bad entry loses only itself.
      response_facts: z.record(z.string(), z.unknown()).nullish(),
      feedback_events: z.array(z.unknown()).nullish(),
      response_outcomes: z.record(z.string(), z.unknown()).nullish(),
    })
    .nullish(),
});
export type MetadataRecord = z.output<typeof metadataRecordSchema>;

/** One entry of an assistant line's `tools_used`. */
export const toolUseSchema = z.object({
  tool_call_id: z.string().nullish(),
  tool_name: z.string().min(1),
  args: z.record(z.string(), z.unknown()).nullish(),
  resolved_args: z.unknown().optional(),
  result: z.unknown().optional(),
  duration: z.number().nullish(),
  execute_success: z.boolean().nullish(),
  input_token: z.number().nullish(),
  output_token: z.number().nullish(),
});
export type ToolUse = z.output<typeof toolUseSchema>;

export const userMessageSchema = z.object({
  role: z.literal('user'),
  content: z.unknown().optional(),
  timestamp: z.string().nullish(),
  sender_id: z.string().nullish(),
  experience_reminder: z.boolean().nullish(),
});
export type UserMessage = z.output<typeof userMessageSchema>;

export const assistantMessageSchema = z.object({
  role: z.literal('assistant'),
  content: z.unknown().optional(),
  timestamp: z.string().nullish(),
  response_id: z.string().nullish(),
  tools_used: z.array(z.unknown()).nullish(),
  sender_id: z.string().nullish(),
});
export type AssistantMessage = z.output<typeof assistantMessageSchema>;
