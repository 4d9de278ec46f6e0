import type { AttrValue } from "./spans";

/**
 * Texts out of the message attributes: GenAI `gen_ai.input.messages` / `gen_ai.output.messages`
 * (`[{ role, parts: [{ type: "text", content }] }]`, structured or as a JSON string) and the AI
 * SDK's `ai.prompt` (`{ system?, prompt?, messages? }` as JSON, message content a string or
 * `[{ type: "text", text }]`) and `ai.response.text` (plain text).
 */
type Message = { role?: unknown; parts?: unknown; content?: unknown };

const parsed = (value: AttrValue | undefined): unknown => {
  if (typeof value !== "string") return value;
  const trimmed = value.trimStart();
  if (!trimmed.startsWith("[") && !trimmed.startsWith("{")) return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

function textOfParts(parts: unknown): string {
  if (typeof parts === "string") return parts;
  if (!Array.isArray(parts)) return "";
  return parts
    .map((part) =>
      part && typeof part === "object" && (part as { type?: unknown }).type === "text"
        ? String((part as { content?: unknown; text?: unknown }).content ?? (part as { text?: unknown }).text ?? "")
        : "",
    )
    .join("");
}

const textOfMessage = (message: Message): string => textOfParts(message.parts ?? message.content);

/** The answer's text: the last output message's text parts, or the plain text; undefined when not recorded. */
export function answerText(value: AttrValue | undefined): string | undefined {
  const data = parsed(value);
  if (typeof data === "string") return data;
  if (Array.isArray(data) && data.length > 0) return textOfMessage(data[data.length - 1] as Message);
  return undefined;
}

/** The text of the last user message, or the AI SDK's plain `prompt`; undefined when not recorded. */
export function userText(value: AttrValue | undefined): string | undefined {
  const data = parsed(value);
  if (typeof data === "string") return data;
  const messages = Array.isArray(data)
    ? data
    : data && typeof data === "object"
      ? (data as { messages?: unknown }).messages
      : undefined;
  if (Array.isArray(messages)) {
    const user = (messages as Message[]).filter((message) => message && message.role === "user").pop();
    if (user) return textOfMessage(user);
  }
  const prompt = data && typeof data === "object" ? (data as { prompt?: unknown }).prompt : undefined;
  if (typeof prompt === "string") return prompt;
  if (Array.isArray(prompt)) return userText(prompt as AttrValue);
  return undefined;
}
