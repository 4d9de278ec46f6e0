// Credentials leak into tool errors and results (an SDK echoing its config, a failed curl with
// its header). Those texts are stored and shown on dashboards, so known secret shapes are
// replaced before anything is kept. Redaction errs on the side of hiding too much.

export const REDACTED = '[REDACTED]';

type SecretRule = {
  readonly name: string;
  readonly pattern: RegExp;
  /** Words of which every match of `pattern` contains one, in any case: text with none of them is skipped. */
  readonly anchors: readonly string[];
  /** Builds the replacement of one match; labels (`password=`, `Bearer `) are kept for readability. */
  readonly replace: (match: string, ...groups: string[]) => string;
};

// A key glued to a longer identifier (`task-sk-...` yes, `mask-...` no) is not a key prefix.
const START = '(?<![A-Za-z0-9])';
// A value after `key=` / `key: `: an earlier redaction, a quoted string, or text up to a separator.
const VALUE = `(\\[REDACTED\\]|"[^"]*"|'[^']*'|[^\\s"',;&)}\\]>]+)`;

const redactKeepingQuotes = (value: string): string => {
  const quote = value[0] === '"' || value[0] === "'" ? value[0] : '';
  return `${quote}${REDACTED}${quote}`;
};

export const SECRET_RULES: readonly SecretRule[] = [
  {
    name: 'bearer token', // `Authorization: Bearer <token>`: the scheme word stays, the token goes.
    anchors: ['bearer'],
    pattern: /\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi,
    replace: (_match, label = '') => `${label}${REDACTED}`,
  },
  {
    name: 'credential assignment', // `password=...`, `"api_key": "..."`, `access_token=...`
    anchors: ['pass', 'pwd', 'secret', 'api', 'token'],
    pattern: new RegExp(`(${START}(?:pass(?:word|wd)|pwd|secret|api[_-]?key|token)["']?\\s*[:=]\\s*)${VALUE}`, 'gi'),
    replace: (_match, label = '', value = '') => `${label}${redactKeepingQuotes(value)}`,
  },
  {
    name: 'sk- api key', // OpenAI-style keys, also `sk-proj-...` and `sk-ant-...`.
    anchors: ['sk-'],
    pattern: new RegExp(`${START}sk-[A-Za-z0-9_-]{16,}`, 'g'),
    replace: () => REDACTED,
  },
  {
    name: 'tencent secret id', // `AKID` + 32 alphanumerics; some slack in the length.
    anchors: ['akid'],
    pattern: new RegExp(`${START}AKID[A-Za-z0-9]{13,}`, 'g'),
    replace: () => REDACTED,
  },
  {
    name: 'aws access key id', // long-term `AKIA...` and temporary `ASIA...` ids.
    anchors: ['akia', 'asia'],
    pattern: new RegExp(`${START}(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])`, 'g'),
    replace: () => REDACTED,
  },
];

const ANCHORS = new RegExp(SECRET_RULES.flatMap((rule) => rule.anchors).join('|'), 'i');

/**
 * Replaces every known secret shape in `text` with `[REDACTED]`; other text is unchanged.
 * Idempotent, so text that was already redacted (e.g. by the structural pass) stays as it is.
 */
export function redactSecrets(text: string): string {
  // One scan for the anchors instead of one per rule: most text holds no secret at all.
  if (!ANCHORS.test(text)) return text;
  let redacted = text;
  for (const rule of SECRET_RULES) redacted = redacted.replace(rule.pattern, rule.replace);
  return redacted;
}
