import { REDACTED } from './redact-secrets.js';

// Tool arguments are structured: `{"password": "hunter2"}` carries no recognisable secret shape,
// only a telling key. So values under credential-like keys are replaced before serialization;
// `redactSecrets` then catches secrets embedded in other strings.

/** Key names (after camelCase -> snake_case) whose value is a credential, e.g. `apiKey`, `client_secret`. */
const SECRET_KEY = /(?:^|_)(?:password|passwd|pwd|secret|token|api_?key|authorization|credentials?|private_key)$/;

export function isSecretKey(key: string): boolean {
  const snake = key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase().replace(/[-.\s]/g, '_');
  return SECRET_KEY.test(snake);
}

/** A deep copy of a JSON value in which every value under a credential-like key is `[REDACTED]`. */
export function redactSecretValues(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecretValues);
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      // defineProperty, not assignment: a JSON key `__proto__` must stay data, not a prototype.
      Object.defineProperty(copy, key, {
        value: isSecretKey(key) ? REDACTED : redactSecretValues(inner),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return copy;
  }
  return value;
}
