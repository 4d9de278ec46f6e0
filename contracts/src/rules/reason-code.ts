// Feedback reasons arrive as free text from many clients (buttons, dropdowns, typed labels). The
// dashboard groups them by a closed code list, so each text maps to exactly one code.

export const REASON_CODES = [
  'irrelevant',
  'incorrect',
  'incomplete',
  'too_slow',
  'tool_failed',
  'too_verbose',
  'not_actionable',
  'bad_format',
  'not_grounded',
  'unsafe',
  'other',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

/**
 * `Not grounded`, `not-grounded` and `NOT_GROUNDED` are one code: case is ignored and every run
 * of spaces or hyphens counts as one `_`. Text that names no code is `other`; no text is `null`.
 */
export function reasonCodeOf(reason: string | null | undefined): ReasonCode | null {
  if (reason == null) return null;
  const key = reason.trim().toLowerCase().replace(/[\s-]+/g, '_');
  if (key === '') return null;
  return (REASON_CODES as readonly string[]).includes(key) ? (key as ReasonCode) : 'other';
}
