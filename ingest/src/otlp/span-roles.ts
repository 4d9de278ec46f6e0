import type { OtlpSpan } from "./spans";

/**
 * What a span is to the mapping. `agent`: a GenAI `invoke_agent` span or an AI SDK call
 * (`ai.generateText`, ...) that may make several LLM calls; `llm`: one model call (`chat`,
 * `text_completion`, `generate_content`, AI SDK `*.doGenerate` / `*.doStream`); `tool`:
 * `execute_tool` or AI SDK `ai.toolCall`; `other_genai`: a GenAI operation with no event of ours
 * (embeddings, retrieval, create_agent, ...); `none`: no `gen_ai.*` or `ai.*` attribute at all.
 */
export type SpanRole = "agent" | "llm" | "tool" | "other_genai" | "none";

const BY_OPERATION: Record<string, SpanRole> = {
  invoke_agent: "agent",
  chat: "llm",
  text_completion: "llm",
  generate_content: "llm",
  execute_tool: "tool",
};

const BY_AI_SDK_OPERATION: Record<string, SpanRole> = {
  "ai.generateText": "agent",
  "ai.streamText": "agent",
  "ai.generateObject": "agent",
  "ai.streamObject": "agent",
  "ai.generateText.doGenerate": "llm",
  "ai.streamText.doStream": "llm",
  "ai.generateObject.doGenerate": "llm",
  "ai.streamObject.doStream": "llm",
  "ai.toolCall": "tool",
};

export function roleOf(span: OtlpSpan): SpanRole {
  const operation = span.attributes["gen_ai.operation.name"];
  if (typeof operation === "string") return BY_OPERATION[operation] ?? "other_genai";
  const aiSdkOperation = span.attributes["ai.operationId"];
  if (typeof aiSdkOperation === "string") return BY_AI_SDK_OPERATION[aiSdkOperation] ?? "other_genai";
  return Object.keys(span.attributes).some((key) => key.startsWith("gen_ai.") || key.startsWith("ai."))
    ? "other_genai"
    : "none";
}

/** An AI SDK model call (`ai.generateText.doGenerate`, ...): always inside its `ai.*` call span, never a turn of its own. */
export const isAiSdkStep = (span: OtlpSpan): boolean =>
  BY_AI_SDK_OPERATION[String(span.attributes["ai.operationId"])] === "llm" &&
  span.attributes["gen_ai.operation.name"] === undefined;

/** The operation an `other_genai` span names, for the message that says why it was not used. */
export const operationOf = (span: OtlpSpan): string =>
  String(span.attributes["gen_ai.operation.name"] ?? span.attributes["ai.operationId"] ?? span.name);
