import { describe, expect, it } from "vitest";
import { PLANTED_SECRETS } from "./planted-secrets";
import { redactSecrets, SECRET_RULES } from "./redact-secrets";

const SECRETS = [
  "auth failed for sk-abcdefghijklmnop1234",
  "using sk-ant-api03-abcdefghijklmnopqrstuv",
  "SecretId AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE invalid",
  "aws_access_key_id AKIAIOSFODNN7EXAMPLE",
  "ASIAIOSFODNN7EXAMPLE expired",
  "Authorization: BEARER eyJhbGciOi.J9.x-y_z=",
  "mysql -u root --PassWord=hunter2 -h db",
  "PWD = s3cr3t",
  "client_Secret=xyz, retrying",
  "x-API-key: abc123",
  "callback?access_TOKEN=tok_987&state=1",
  ...PLANTED_SECRETS.map((planted) => planted.text),
];

describe("redactSecrets", () => {
  // redactSecrets skips text without any rule's anchors, so a rule whose match can lack them would never run on it.
  it.each(SECRET_RULES.map((rule) => [rule.name, rule] as const))(
    "finds an anchor of the %s rule in each of its matches",
    (_name, rule) => {
      const matches = SECRETS.flatMap((text) => [...text.matchAll(rule.pattern)].map((match) => match[0]));
      expect(matches.length).toBeGreaterThan(0);
      for (const match of matches)
        expect(
          rule.anchors.some((anchor) => match.toLowerCase().includes(anchor)),
          match,
        ).toBe(true);
    },
  );

  it.each([
    ["openai key", "auth failed for sk-abcdefghijklmnop1234", "auth failed for [REDACTED]"],
    ["openai project key", "key=sk-proj-AbC_dEf-1234567890xyzXYZ rejected", "key=[REDACTED] rejected"],
    ["anthropic key", "using sk-ant-api03-abcdefghijklmnopqrstuv", "using [REDACTED]"],
    ["tencent AK id", "SecretId AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE invalid", "SecretId [REDACTED] invalid"],
    ["aws key id", "aws_access_key_id AKIAIOSFODNN7EXAMPLE", "aws_access_key_id [REDACTED]"],
    ["aws temporary key id", "ASIAIOSFODNN7EXAMPLE expired", "[REDACTED] expired"],
    ["bearer header", "Authorization: Bearer eyJhbGciOi.J9.x-y_z=", "Authorization: Bearer [REDACTED]"],
    ["lower-case bearer", "sent bearer abc123 twice", "sent bearer [REDACTED] twice"],
    ["password=", "mysql -u root --password=hunter2 -h db", "mysql -u root --password=[REDACTED] -h db"],
    ["password: ", "login failed (password: hunter2)", "login failed (password: [REDACTED])"],
    ["passwd", "passwd=abc&user=bob", "passwd=[REDACTED]&user=bob"],
    ["pwd", "PWD = s3cr3t", "PWD = [REDACTED]"],
    ["secret=", "client_secret=xyz, retrying", "client_secret=[REDACTED], retrying"],
    ["api_key=", "GET /v1?api_key=abc123&q=1", "GET /v1?api_key=[REDACTED]&q=1"],
    ["api-key header", "x-api-key: abc123", "x-api-key: [REDACTED]"],
    ["token=", "callback?access_token=tok_987&state=1", "callback?access_token=[REDACTED]&state=1"],
    [
      "json value keeps its quotes",
      '{"password": "hunter 2", "user": "bob"}',
      '{"password": "[REDACTED]", "user": "bob"}',
    ],
    ["several secrets", "sk-aaaaaaaaaaaaaaaaaaaa and AKIAABCDEFGHIJKLMNOP", "[REDACTED] and [REDACTED]"],
    ["short openai key", "retry with sk-abc123 later", "retry with [REDACTED] later"],
    ["short tencent id", "SecretId AKIDab12cd", "SecretId [REDACTED]"],
    ["cut-off aws key id", "key AKIAIOSFODNN7EXA", "key [REDACTED]"],
    ["github token", "remote: ghp_abcdefghijklmnop0123456789 denied", "remote: [REDACTED] denied"],
    ["github fine-grained token", "github_pat_11ABCDEFG0123456789_abcdef", "[REDACTED]"],
    ["jwt", "session=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl; path=/", "session=[REDACTED]; path=/"],
    [
      "pem private key",
      "key:\n-----BEGIN PRIVATE KEY-----\nMIIEvQ==\n-----END PRIVATE KEY-----\nnext",
      "key:\n[REDACTED]\nnext",
    ],
    ["pem private key cut before its end", "key: -----BEGIN EC PRIVATE KEY-----\nMHcCAQEE", "key: [REDACTED]"],
    [
      "json-escaped password in a string",
      '{"body": "{\\"password\\": \\"hunter 2\\"}"}',
      '{"body": "{\\"password\\": \\"[REDACTED]\\"}"}',
    ],
  ])("redacts %s", (_name, text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
  });

  it.each([
    ["plain prose", "The tool timed out after 30 s while fetching the page."],
    ["chinese prose", "查询超时，请稍后重试"],
    ["token counts", "max_tokens: 4096 exceeded, tokens=5000"],
    ["a short sk- word", "ask-me and task-sk-12 and sk-short"],
    ["words containing key names", "bypass=1 secretary: Ann, compass: north"],
    ["an ordinary upper-case id", "AKIAX is too short, AKID123 too"],
    ["a public key", "-----BEGIN PUBLIC KEY-----\nMIIBIj\n-----END PUBLIC KEY-----"],
    ["words starting like tokens", "ghp_ is a prefix, eyJ alone, github_pat_ too"],
    ["empty", ""],
  ])("leaves %s unchanged", (_name, text) => {
    expect(redactSecrets(text)).toBe(text);
  });

  it.each(PLANTED_SECRETS.map((planted) => [planted.shape, planted] as const))(
    "removes a planted %s",
    (_shape, planted) => {
      const redacted = redactSecrets(`before ${planted.text} after`);
      expect(redacted).not.toContain(planted.secret);
      expect(redacted).toContain("[REDACTED]");
      expect(redacted.startsWith("before ")).toBe(true);
    },
  );

  it("is idempotent", () => {
    const once = redactSecrets('password="a b" Bearer xyz token: sk-abcdefghijklmnopqrstu');
    expect(once).toBe('password="[REDACTED]" Bearer [REDACTED] token: [REDACTED]');
    expect(redactSecrets(once)).toBe(once);
  });
});
