import { describe, expect, it } from "vitest";
import { PLANTED_SECRETS, plantedSecretsText } from "./planted-secrets";
import { redactPayload } from "./redact-payload";

const leaks = (text: string) =>
  PLANTED_SECRETS.filter((planted) => text.includes(planted.secret)).map((planted) => planted.shape);

describe("redactPayload", () => {
  it("redacts JSON by structure: values under credential-like keys, and secret shapes in every string", () => {
    const payload = JSON.stringify({
      event_id: "e1",
      db: { host: "h", Password: "no shape at all" },
      note: plantedSecretsText(),
      list: ["ghp_abcdefghijklmnop0123456789"],
    });
    const redacted = redactPayload(payload);
    expect(JSON.parse(redacted)).toMatchObject({
      event_id: "e1",
      db: { host: "h", Password: "[REDACTED]" },
      list: ["[REDACTED]"],
    });
    expect(leaks(redacted)).toEqual([]);
  });

  it("redacts broken JSON and other text by the secret shapes of its text", () => {
    const broken = `{"event_id": "e2", "password": "no shape at all", "note": ${JSON.stringify(plantedSecretsText())}, oops`;
    const redacted = redactPayload(broken);
    expect(redacted).not.toContain("no shape at all");
    expect(redacted.startsWith('{"event_id": "e2", "password": "[REDACTED]"')).toBe(true);
    expect(leaks(redacted)).toEqual([]);
  });

  it("redacts a payload too large to parse as text", () => {
    const large = JSON.stringify({ note: `${"x".repeat(300 * 1024)} ${plantedSecretsText()}` });
    const redacted = redactPayload(large);
    expect(redacted.length).toBeGreaterThan(300 * 1024);
    expect(leaks(redacted)).toEqual([]);
  });

  it("keeps a payload without secrets as it was (compacted when JSON)", () => {
    expect(redactPayload('{"a": 1, "max_tokens": 5}')).toBe('{"a":1,"max_tokens":5}');
    expect(redactPayload("not json at all")).toBe("not json at all");
  });

  it("is idempotent", () => {
    const once = redactPayload(JSON.stringify({ token: "abc", note: "Bearer xyz" }));
    expect(redactPayload(once)).toBe(once);
  });
});
