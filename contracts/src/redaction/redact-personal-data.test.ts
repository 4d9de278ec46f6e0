import { describe, expect, it } from "vitest";
import { PLANTED_SECRETS } from "./planted-secrets";
import { redactPersonalData } from "./redact-personal-data";

describe("redactPersonalData", () => {
  it.each([
    ["an e-mail address", "mail jane.doe+work@example.co.uk about it", "mail [EMAIL] about it"],
    ["a US phone number", "call (415) 555-0100 now", "call [PHONE] now"],
    ["an international number", "my number is +86 138-0013-8000.", "my number is [PHONE]."],
    ["a number without separators", "ring 13800138000 please", "ring [PHONE] please"],
    ["a short international number", "dial +49 30 1234", "dial [PHONE]"],
    ["both and a secret", "bob@corp.io, 415.555.0100, sk-abcdefgh123", "[EMAIL], [PHONE], [REDACTED]"],
  ])("masks %s", (_name, text, expected) => {
    expect(redactPersonalData(text)).toBe(expected);
  });

  it.each([
    ["a date", "what happened on 2026-12-01 at 10:00?"],
    ["a version and a year", "upgrade from 18.16 to 26.7 in 2026"],
    ["a short number", "order 12345 is late"],
    ["a re-ask phrase", "That's wrong, try again"],
    ["chinese text", "查询超时，请稍后重试"],
  ])("leaves %s as it is", (_name, text) => {
    expect(redactPersonalData(text)).toBe(text);
  });

  it("masks every planted secret too, and is idempotent", () => {
    const once = redactPersonalData(PLANTED_SECRETS.map((planted) => planted.text).join("\n"));
    for (const planted of PLANTED_SECRETS) expect(once).not.toContain(planted.secret);
    expect(redactPersonalData(once)).toBe(once);
  });
});
