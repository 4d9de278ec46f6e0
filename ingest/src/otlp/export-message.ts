import { CALL_SOURCES, CONTEXT_SOURCES, TOOL_SOURCES } from "./field-sources";
import type { MappedExport } from "./map-spans";

const SOURCES: Record<string, readonly string[]> = { ...CONTEXT_SOURCES, ...CALL_SOURCES, ...TOOL_SOURCES };
const MAX_REASONS = 5;

/** A missing field's reason, with the attributes that would have given it. */
export function explainReason(reason: string): string {
  const field = /^missing_field:(\w+)$/.exec(reason)?.[1];
  const keys = field ? SOURCES[field] : undefined;
  return keys ? `${reason} (set ${keys.join(" or ")})` : reason;
}

/**
 * The partialSuccess message: why spans were rejected (each reason once), and how many gave no
 * event and why; "" when every span gave its events.
 */
export function exportMessage(rejectedSpans: number, reasons: Set<string>, ignored: MappedExport["ignored"]): string {
  const parts: string[] = [];
  if (rejectedSpans > 0) {
    const listed = [...reasons].slice(0, MAX_REASONS);
    parts.push(`${rejectedSpans} span(s) rejected: ${listed.join("; ")}${reasons.size > MAX_REASONS ? "; ..." : ""}`);
  }
  for (const [reason, { count, operations }] of ignored) {
    parts.push(
      `${count} span(s) gave no event: ${reason}${operations.size > 0 ? ` (${[...operations].join(", ")})` : ""}`,
    );
  }
  return parts.join(". ");
}
