import { z } from "zod";
import { MAX_LIST_ENTRIES, TEXT_LIMITS } from "../limits";
import { classifyQuery } from "../rules/classify-query";
import { FINISH_REASONS } from "../vocabulary";
import { envelopeShape, withNormalizedTime } from "./envelope";
import {
  boundedStringList,
  dimension,
  freeText,
  nonNegativeInt,
  optionalNonNegativeInt,
  optionalString,
  requiredString,
} from "./fields";

/** One final assistant answer (docs/events.md, `response_completed`). */
export const responseCompletedSchema = z
  .object({
    ...envelopeShape("response_completed"),
    response_id: requiredString(128).describe("Stable id of the final answer."),
    session_id: requiredString(128),
    user_id: requiredString(128).describe("The owner of the conversation."),
    channel: requiredString(64).describe("web, slack, feishu, openapi, ..."),
    model: requiredString(128),
    provider: requiredString(64),
    chat_type: dimension(),
    session_type: dimension(),
    language: dimension(),
    user_segment: dimension(),
    query_category: optionalString(64).describe("When absent the pipeline classifies query_text by rules."),
    prompt_version: dimension(),
    bot_version: dimension(),
    trace_id: optionalString(256).describe("Id in the tracing system, e.g. a Langfuse trace."),
    time_cost_ms: nonNegativeInt().describe("End-to-end latency of the answer."),
    prompt_tokens: nonNegativeInt(),
    completion_tokens: nonNegativeInt(),
    total_tokens: optionalNonNegativeInt().describe("Defaults to prompt_tokens + completion_tokens."),
    iteration_count: nonNegativeInt(),
    finish_reason: z.enum(FINISH_REASONS),
    tool_count: nonNegativeInt(),
    tools_used_names: boundedStringList(128, MAX_LIST_ENTRIES),
    citation_ids: boundedStringList(160, MAX_LIST_ENTRIES)
      .nullish()
      .transform((ids) => ids ?? [])
      .describe("The citations shown with the answer."),
    response_length: nonNegativeInt().describe("Characters of the answer."),
    query_text: freeText(TEXT_LIMITS.query_text).describe(
      "The user turn this answers; truncated to 4000 characters; never a metric label.",
    ),
    turn_index: optionalNonNegativeInt().describe("Position of the user turn in the session."),
    answer_text: freeText(TEXT_LIMITS.answer_text).describe(
      "The answer's text; stored only for a tenant that opted in (docs/privacy.md), redacted and cut to 16 KiB, for the LLM judge.",
    ),
  })
  .meta({ title: "response_completed", description: "One final assistant answer." })
  .transform((parsed) => {
    const producerCategory = parsed.query_category;
    const totalTokens = parsed.total_tokens ?? parsed.prompt_tokens + parsed.completion_tokens;
    // The same object as `parsed`, completed in place (withNormalizedTime says why).
    const event = withNormalizedTime(parsed) as Omit<typeof parsed, "query_category" | "total_tokens"> & {
      occurred_at_ms: number;
      total_tokens: number;
      query_category: string;
      query_category_source: "rules" | "producer";
    };
    event.total_tokens = totalTokens;
    // A producer's own category wins; otherwise rules on the (truncated, stored) query text, so
    // re-deriving from stored rows gives the same answer.
    event.query_category = producerCategory ?? classifyQuery(parsed.query_text);
    event.query_category_source = producerCategory === null ? "rules" : "producer";
    return event;
  });

export type ResponseCompletedInput = z.input<typeof responseCompletedSchema>;
export type ResponseCompleted = z.output<typeof responseCompletedSchema>;
