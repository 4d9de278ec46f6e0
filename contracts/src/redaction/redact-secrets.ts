// Credentials leak into tool errors and results (an SDK echoing its config, a failed curl with
// its header) and into events a producer got wrong (dead letters keep their payload). Those texts
// are stored and shown on dashboards, so known secret shapes are replaced before anything is
// kept. Redaction errs on the side of hiding too much.

export const REDACTED = "[REDACTED]";

type SecretRule = {
  readonly name: string;
  readonly pattern: RegExp;
  /** Words of which every match of `pattern` contains one, in any case: text with none of them is skipped. */
  readonly anchors: readonly string[];
  /** Builds the replacement of one match; labels (`password=`, `Bearer `) are kept for readability. */
  readonly replace: (match: string, ...groups: string[]) => string;
};

// A key glued to a longer identifier (`task-sk-...` yes, `mask-...` no) is not a key prefix; a
// JSON escape before it (`\nsk-...`, in the text of a JSON string) is a separator, not a letter.
const START = "(?:(?<![A-Za-z0-9])|(?<=\\\\[nrtbf]))";
// A value after `key=` / `key: `: an earlier redaction, a quoted string (also one JSON-escaped
// inside another JSON string, `\"...\"`), or text up to a separator.
const VALUE = `(\\[REDACTED\\]|\\\\"(?:[^"\\\\]|\\\\[^"])*\\\\"|"[^"]*"|'[^']*'|[^\\s"',;&)}\\]>]+)`;

const redactKeepingQuotes = (value: string): string => {
  const quote = /^(?:\\"|"|')/.exec(value)?.[0] ?? "";
  return `${quote}${REDACTED}${quote}`;
};

export const SECRET_RULES: readonly SecretRule[] = [
  {
    // First, so the other rules never see (and half-redact) the key's body; a key cut by a
    // truncation before its END line is redacted to the end of the text.
    name: "pem private key",
    anchors: ["private key"],
    pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g,
    replace: () => REDACTED,
  },
  {
    name: "json web token", // header.payload.signature, each base64url; the header is always `{"...` (eyJ).
    anchors: ["eyj"],
    pattern: new RegExp(`${START}eyJ[A-Za-z0-9_-]{4,}\\.[A-Za-z0-9_-]{4,}\\.[A-Za-z0-9_-]*`, "g"),
    replace: () => REDACTED,
  },
  {
    name: "bearer token", // `Authorization: Bearer <token>`: the scheme word stays, the token goes.
    anchors: ["bearer"],
    pattern: /\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi,
    replace: (_match, label = "") => `${label}${REDACTED}`,
  },
  {
    name: "credential assignment", // `password=...`, `"api_key": "..."`, `access_token=...`
    anchors: ["pass", "pwd", "secret", "api", "token"],
    pattern: new RegExp(
      `(${START}(?:pass(?:word|wd)|pwd|secret|api[_-]?key|token)\\\\?["']?\\s*[:=]\\s*)${VALUE}`,
      "gi",
    ),
    replace: (_match, label = "", value = "") => `${label}${redactKeepingQuotes(value)}`,
  },
  {
    // OpenAI-style keys, also `sk-proj-...` and Anthropic's `sk-ant-...`. Short forms too (test
    // and legacy keys): six characters after `sk-` already name a key, `sk-short` does not.
    name: "sk- api key",
    anchors: ["sk-"],
    pattern: new RegExp(`${START}sk-[A-Za-z0-9_-]{6,}`, "g"),
    replace: () => REDACTED,
  },
  {
    name: "tencent secret id", // `AKID` + 32 alphanumerics, or a cut-off start of one (six or more).
    anchors: ["akid"],
    pattern: new RegExp(`${START}AKID[A-Za-z0-9]{6,}`, "g"),
    replace: () => REDACTED,
  },
  {
    name: "aws access key id", // long-term `AKIA...` and temporary `ASIA...` ids (16 more), or a cut-off start (12 or more).
    anchors: ["akia", "asia"],
    pattern: new RegExp(`${START}(?:AKIA|ASIA)[A-Z0-9]{12,}(?![a-z])`, "g"),
    replace: () => REDACTED,
  },
  {
    name: "github token", // classic `ghp_`/`gho_`/`ghu_`/`ghs_`/`ghr_` tokens and fine-grained `github_pat_` ones.
    anchors: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"],
    pattern: new RegExp(`${START}(?:gh[pousr]_[A-Za-z0-9]{16,}|github_pat_[A-Za-z0-9_]{16,})`, "g"),
    replace: () => REDACTED,
  },
];

const ANCHORS = new RegExp(SECRET_RULES.flatMap((rule) => rule.anchors).join("|"), "i");

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
