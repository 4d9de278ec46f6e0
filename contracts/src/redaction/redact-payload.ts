import { MAX_EVENT_BYTES } from "../limits";
import { redactedCopy } from "./redact-secret-values";
import { redactSecrets } from "./redact-secrets";

// A rejected event's raw text is kept for its producer to debug (rejected_events, the dead-letter
// topic, the Rejected view and its CSV). The event was refused, so none of the contract's
// per-field redaction ran on it: this is the one pass every such text goes through first.

/**
 * The text of a payload with its secrets redacted. JSON (what a producer meant to send) is
 * redacted by structure, so a credential under a telling key (`{"db": {"password": "x"}}`) goes
 * even without a recognisable shape, then written back compactly; any other text (broken JSON, a
 * payload too large to parse) by the secret shapes of its text, which also find `"password": "x"`.
 */
export function redactPayload(text: string): string {
  if (text.length <= MAX_EVENT_BYTES) {
    try {
      return JSON.stringify(redactedCopy(JSON.parse(text), redactSecrets));
    } catch {
      // not JSON: redacted as text below
    }
  }
  return redactSecrets(text);
}
