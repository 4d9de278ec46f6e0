import { redactSecrets } from "./redact-secrets";

// A user's own words (query_text) name people: e-mail addresses and phone numbers are masked, with
// the secrets, when a tenant stores them `redacted` (docs/privacy.md). The masks say what was
// there, so a reader still sees the shape of the question.

export const EMAIL_MASK = "[EMAIL]";
export const PHONE_MASK = "[PHONE]";

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
// Digits in groups separated by spaces, dots, dashes or a bracketed area code, optionally after a
// country code; whether it is a phone number is decided by its count of digits (phoneOrNot).
const PHONE = /(?<![\w.+-])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,4}\)[\s.-]?)?\d{2,5}(?:[\s.-]?\d{2,5}){1,4}(?![\w-])/g;

/** 9..15 digits is a phone number (E.164 allows 15); with a leading `+` from 7. A date (8 digits) or a short number is not. */
function phoneOrNot(match: string): string {
  const digits = match.replace(/\D/g, "").length;
  return digits <= 15 && (digits >= 9 || (match.startsWith("+") && digits >= 7)) ? PHONE_MASK : match;
}

/** `text` with its secrets (redactSecrets), e-mail addresses and phone numbers masked. Idempotent. */
export function redactPersonalData(text: string): string {
  return redactSecrets(text).replace(EMAIL, EMAIL_MASK).replace(PHONE, phoneOrNot);
}
