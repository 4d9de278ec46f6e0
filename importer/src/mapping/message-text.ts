/**
 * The text of a message's `content`: a string, or the text parts of a multimodal list
 * (`[{type: "text", text}, {type: "image_url", ...}]`); null when it has none.
 */
export function messageText(content: unknown): string | null {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return null;
  const texts = content.flatMap((part) => {
    if (typeof part === "string") return [part];
    if (typeof part === "object" && part !== null && typeof (part as { text?: unknown }).text === "string")
      return [(part as { text: string }).text];
    return [];
  });
  return texts.length > 0 ? texts.join("\n") : null;
}
