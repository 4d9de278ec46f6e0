// The reference's own reason codes, as docs/events.md words them (feedback_submitted `reason`): the
// reason is trimmed and cut to 80 characters; it maps to one of the listed codes when, ignoring
// case and reading each `-` and each space as `_`, it is that code, else to `other`. Read to the
// letter: a run of separators is as many `_` ("not - grounded" is `other`), and a reason that is
// blank once trimmed is still a reason (`other`; the spec turns only blank comments and
// corrections into null). Only an absent reason has no code.
import { cutCodePoints } from "./text";

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
] as const;

export function reasonCodeOf(reason?: string): string | null {
  if (reason === undefined) return null;
  const key = cutCodePoints(reason.trim(), 80).toLowerCase().replace(/[- ]/g, "_");
  return (REASON_CODES as readonly string[]).includes(key) ? key : "other";
}
