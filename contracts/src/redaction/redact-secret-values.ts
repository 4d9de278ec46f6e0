import { REDACTED } from "./redact-secrets";

// Tool arguments are structured: `{"password": "hunter2"}` carries no recognisable secret shape,
// only a telling key. So values under credential-like keys are replaced before serialization;
// `redactSecrets` then catches secrets embedded in other strings.

/** Key names (after camelCase -> snake_case) whose value is a credential, e.g. `apiKey`, `client_secret`. */
const SECRET_KEY = /(?:^|_)(?:password|passwd|pwd|secret|token|api_?key|authorization|credentials?|private_key)$/;

/**
 * Verdicts on key names seen lately. Tools call with the same few argument names over and over,
 * and each verdict costs three regular expressions; the names come from producers, so the cache
 * is bounded (emptied when full) rather than grown.
 */
const verdicts = new Map<string, boolean>();
const MAX_VERDICTS = 4096;

export function isSecretKey(key: string): boolean {
  let verdict = verdicts.get(key);
  if (verdict === undefined) {
    const snake = key
      .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
      .toLowerCase()
      .replace(/[-.\s]/g, "_");
    verdict = SECRET_KEY.test(snake);
    if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
    verdicts.set(key, verdict);
  }
  return verdict;
}

/** Whether any key of a JSON value, at any depth, is credential-like. */
function hasSecretKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasSecretKey);
  if (value === null || typeof value !== "object") return false;
  for (const key in value) if (isSecretKey(key) || hasSecretKey((value as Record<string, unknown>)[key])) return true;
  return false;
}

/**
 * A JSON value in which every value under a credential-like key is `[REDACTED]`: a deep copy when
 * there is one, else the value itself (most tool arguments have none, and copying them was most
 * of the redaction's cost). Either way the input is not changed.
 */
export function redactSecretValues(value: unknown): unknown {
  return hasSecretKey(value) ? redactedCopy(value) : value;
}

/**
 * A deep copy of a JSON value with every value under a credential-like key `[REDACTED]`, and,
 * given `redactText`, every other string (keys too) passed through it.
 */
export function redactedCopy(value: unknown, redactText?: (text: string) => string): unknown {
  if (typeof value === "string") return redactText ? redactText(value) : value;
  if (Array.isArray(value)) return value.map((item) => redactedCopy(item, redactText));
  if (value !== null && typeof value === "object") {
    const copy: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      // defineProperty, not assignment: a JSON key `__proto__` must stay data, not a prototype.
      Object.defineProperty(copy, redactText ? redactText(key) : key, {
        value: isSecretKey(key) ? REDACTED : redactedCopy(inner, redactText),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return copy;
  }
  return value;
}
