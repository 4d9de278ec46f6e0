/**
 * Which span attributes feed which event field, first found wins. Declared once here; the mapping
 * table in README.md lists the same. Keys without a GenAI convention are `answerscope.*`; each key
 * is also read as Vercel AI SDK telemetry metadata (`ai.telemetry.metadata.<key>`), so
 * `experimental_telemetry: { metadata: { "answerscope.channel": "web" } }` works as well.
 */
export const CONTEXT_SOURCES = {
  session_id: ["gen_ai.conversation.id", "answerscope.session_id", "session.id", "sessionId"],
  user_id: ["answerscope.user_id", "user.id", "enduser.id", "userId"],
  diagnostic_task_id: ["answerscope.diagnostic_task_id"],
  response_id: ["answerscope.response_id"],
  channel: ["answerscope.channel"],
  chat_type: ["answerscope.chat_type"],
  session_type: ["answerscope.session_type"],
  language: ["answerscope.language"],
  user_segment: ["answerscope.user_segment"],
  query_category: ["answerscope.query_category"],
  prompt_version: ["answerscope.prompt_version"],
  bot_version: ["answerscope.bot_version", "service.version"],
  turn_index: ["answerscope.turn_index"],
  citation_ids: ["answerscope.citation_ids"],
  response_length: ["answerscope.response_length"],
} as const;

/** Read on the span itself (a turn falls back to its LLM calls'). */
export const CALL_SOURCES = {
  model: ["gen_ai.response.model", "gen_ai.request.model", "ai.response.model", "ai.model.id"],
  provider: ["gen_ai.provider.name", "gen_ai.system", "ai.model.provider"],
  prompt_tokens: ["gen_ai.usage.input_tokens", "ai.usage.inputTokens", "ai.usage.promptTokens"],
  completion_tokens: ["gen_ai.usage.output_tokens", "ai.usage.outputTokens", "ai.usage.completionTokens"],
  total_tokens: ["ai.usage.totalTokens"],
  finish_reason: ["gen_ai.response.finish_reasons", "ai.response.finishReason"],
  answer: ["gen_ai.output.messages", "ai.response.text"],
  query: ["gen_ai.input.messages", "ai.prompt"],
} as const;

export const TOOL_SOURCES = {
  tool_name: ["gen_ai.tool.name", "ai.toolCall.name"],
  tool_call_id: ["gen_ai.tool.call.id", "ai.toolCall.id"],
  arguments: ["gen_ai.tool.call.arguments", "ai.toolCall.args"],
  result: ["gen_ai.tool.call.result", "ai.toolCall.result"],
  error_type: ["error.type"],
} as const;

/** The channel of an answer that names none: it came in over OTLP. */
export const DEFAULT_CHANNEL = "otlp";

export const AI_SDK_METADATA_PREFIX = "ai.telemetry.metadata.";
