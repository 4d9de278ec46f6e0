// Feedback reasons arrive as free text from many clients (buttons, dropdowns, typed labels). The
// dashboard groups them by a closed code list, so each text maps to exactly one code.

import { REASON_CODES, type ReasonCode } from "../vocabularies/reason-codes";

export { REASON_CODES };
export type { ReasonCode };

/**
 * `Not grounded`, `not-grounded` and `NOT_GROUNDED` are one code: case is ignored and every run
 * of spaces or hyphens counts as one `_`. Text that names no code is `other`; no text is `null`.
 */
export function reasonCodeOf(reason: string | null | undefined): ReasonCode | null {
  if (reason == null) return null;
  const key = reason
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  if (key === "") return null;
  return (REASON_CODES as readonly string[]).includes(key) ? (key as ReasonCode) : "other";
}
