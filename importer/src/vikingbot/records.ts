// vikingbot's session records (docs/vikingbot.md), as zod schemas. Strict only where a
// mapping depends on a field (a broken one rejects that entry alone); a field the mapping can do
// without is `ignorable`, and keys the schemas do not name are dropped unread.
import { z } from "zod";
import { ignorable, toolArgumentsOf, toolSucceeded } from "./tolerant";

const count = z
  .number()
  .nonnegative()
  .nullish()
  .transform((n) => Math.round(n ?? 0));

/** One entry of `metadata.response_facts`: the measurements of one final answer. */
export const responseFactsSchema = z.object({
  response_id: z.string().min(1),
  session_id: z.string().min(1),
  user_id: z.string().min(1),
  channel: z.string().min(1),
  session_type: ignorable(z.string().min(1)),
  time_cost_ms: count,
  prompt_tokens: count,
  completion_tokens: count,
  total_tokens: z.number().nonnegative().nullish(),
  iteration_count: count,
  tool_count: count,
  tools_used_names: z
    .array(z.string())
    .nullish()
    .transform((names) => names ?? []),
  response_length: count,
  created_at: z.string().min(1),
});
export type ResponseFacts = z.output<typeof responseFactsSchema>;

export const FEEDBACK_TYPES = ["thumb_up", "thumb_down", "rating"] as const;

/** One entry of `metadata.feedback_events`: one submission (a user may submit several times). */
export const feedbackEventSchema = z.object({
  response_id: z.string().min(1),
  session_id: ignorable(z.string().min(1)),
  // vikingbot writes null when neither the request nor the answer named a user: the answer's owner then.
  user_id: z
    .string()
    .min(1)
    .nullish()
    .transform((s) => s ?? null),
  feedback_type: z.enum(FEEDBACK_TYPES),
  // As vikingbot reads it (`_parse_feedback_score`): anything but a number is no score.
  feedback_score: ignorable(z.number()).transform((n) => n ?? null),
  feedback_reason: ignorable(z.string()).transform((s) => s ?? null),
  feedback_text: ignorable(z.string()).transform((s) => s ?? null),
  created_at: z.string().min(1),
});
export type VikingbotFeedback = z.output<typeof feedbackEventSchema>;

/** vikingbot's own outcome labels (docs/vikingbot.md, last section); others pass through as they are. */
export const VIKINGBOT_OUTCOME_LABELS = [
  "positive_feedback",
  "negative_feedback",
  "reasked",
  "resolved",
  "follow_up_without_feedback",
  "follow_up",
] as const;

/**
 * One entry of `metadata.response_outcomes`: vikingbot's own label of one answer. The label is
 * any string (a newer vikingbot may add labels; the contract bounds it), the time is required:
 * it orders re-evaluations.
 */
export const responseOutcomeSchema = z.object({
  response_id: z.string().min(1).nullish(),
  outcome_label: z.string().min(1),
  evaluated_at: z.string().min(1),
  resolved_in_one_turn: ignorable(z.boolean()),
  reask_within_10m: ignorable(z.boolean()),
  clarification_turns: ignorable(z.number()),
  follow_up_without_feedback: ignorable(z.boolean()),
  evidence: ignorable(
    z.object({
      feedback_type: ignorable(z.string()),
      feedback_score: ignorable(z.number()),
      user_follow_up_count: ignorable(z.number()),
      assistant_index: ignorable(z.number()),
    }),
  ),
});
export type VikingbotOutcome = z.output<typeof responseOutcomeSchema>;

/**
 * Line 1. Only `_type` and `session_key` decide whether this is a session; the sections the
 * importer maps are checked one by one (parse-session.ts), so a broken section or entry loses only
 * itself, and the rest (`openviking`, `session_key_fields`, ...) is never read.
 */
export const metadataRecordSchema = z.object({
  _type: z.literal("metadata"),
  session_key: z.string().min(1),
  metadata: ignorable(z.record(z.string(), z.unknown())),
});
export type MetadataRecord = z.output<typeof metadataRecordSchema>;

/**
 * One entry of an assistant line's `tools_used`, read into what the mapping uses. Only the tool's
 * name is required; `args` may be JSON text (vikingbot's agent loop) or an object, `result` any
 * JSON value; `resolved_args`, `input_token`, `output_token`, `skill_uri(s)`, `auto` are not needed.
 */
export const toolUseSchema = z
  .object({
    tool_call_id: ignorable(z.string().min(1)),
    tool_name: z.string().min(1),
    args: z.unknown().optional(),
    resolved_args: z.unknown().optional(),
    result: z.unknown().optional(),
    duration: ignorable(z.number().nonnegative()),
    execute_success: z.unknown().optional(),
  })
  .transform((use) => ({
    tool_call_id: use.tool_call_id ?? null,
    tool_name: use.tool_name,
    arguments: toolArgumentsOf(use.args, use.resolved_args),
    result: use.result,
    duration_ms: use.duration == null ? null : Math.round(use.duration),
    succeeded: toolSucceeded(use.execute_success, use.result),
  }));
export type ToolUse = z.output<typeof toolUseSchema>;

export const userMessageSchema = z.object({
  role: z.literal("user"),
  content: z.unknown().optional(),
  sender_id: ignorable(z.string().min(1)),
  experience_reminder: ignorable(z.boolean()),
});
export type UserMessage = z.output<typeof userMessageSchema>;

/** `tools_used` is checked entry by entry (parse-session.ts); a list that is not one is reported there. */
export const assistantMessageSchema = z.object({
  role: z.literal("assistant"),
  timestamp: ignorable(z.string().min(1)),
  response_id: z.string().min(1).nullish(),
  tools_used: z.unknown().optional(),
});
export type AssistantMessage = z.output<typeof assistantMessageSchema>;
