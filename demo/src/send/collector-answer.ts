import { z } from "zod";

/** The collector's 202 answer (docs/api.md): how many were stored, and which were refused why. */
export const collectorAnswerSchema = z.object({
  accepted: z.number().int().nonnegative(),
  rejected: z.array(
    z.object({ index: z.number().int().nonnegative(), event_id: z.string().nullish(), reason: z.string() }),
  ),
});
export type CollectorAnswer = z.output<typeof collectorAnswerSchema>;

/** The `{"error": {"code", "message"}}` of a non-2xx answer, as one line for an error message. */
export function errorTextOf(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
    if (parsed.error) return `${status} ${String(parsed.error.code)}: ${String(parsed.error.message)}`;
  } catch {
    // not JSON: fall through to the raw text
  }
  return `${status} ${body.slice(0, 200)}`;
}
