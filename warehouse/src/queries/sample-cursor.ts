import { z } from "zod";

/**
 * The position after the last sample of a page: samples are ordered newest first by
 * (occurred_at_ms, response_id), so this pair names a place in that order even when rows share a millisecond.
 * Opaque to clients (base64url of JSON) so its layout can change without an API version.
 */
export const SampleCursorSchema = z.object({
  occurredAtMs: z.number().int().nonnegative(),
  responseId: z.string().min(1).max(128),
});
export type SampleCursor = z.output<typeof SampleCursorSchema>;

export function encodeSampleCursor(cursor: SampleCursor): string {
  return Buffer.from(JSON.stringify([cursor.occurredAtMs, cursor.responseId]), "utf8").toString("base64url");
}

/** The cursor's position, or undefined when the text is not a cursor this API issued. */
export function decodeSampleCursor(text: string): SampleCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(text)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 2) return undefined;
    const items: readonly unknown[] = value;
    const parsed = SampleCursorSchema.safeParse({ occurredAtMs: items[0], responseId: items[1] });
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A query-input field that accepts an issued cursor text and yields its position. */
export const SampleCursorTextSchema = z.string().transform((text, context) => {
  const cursor = decodeSampleCursor(text);
  if (!cursor) {
    context.addIssue({ code: "custom", message: "not a cursor returned by this API" });
    return z.NEVER;
  }
  return cursor;
});
