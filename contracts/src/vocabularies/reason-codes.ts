// The closed list of feedback reason codes (docs/events.md). Reasons arrive as free text from many
// clients; rules/reason-code.ts maps each text to exactly one of these codes.

export const REASON_CODES = [
  "irrelevant",
  "incorrect",
  "incomplete",
  "too_slow",
  "tool_failed",
  "too_verbose",
  "not_actionable",
  "bad_format",
  "not_grounded",
  "unsafe",
  "other",
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

export const isReasonCode = (value: unknown): value is ReasonCode =>
  typeof value === "string" && (REASON_CODES as readonly string[]).includes(value);
