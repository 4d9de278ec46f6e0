import { describe, expect, it } from "vitest";
import { isSecretKey, redactSecretValues } from "./redact-secret-values";

describe("isSecretKey", () => {
  it.each([
    "password",
    "PASSWORD",
    "db_password",
    "passwd",
    "pwd",
    "client_secret",
    "token",
    "accessToken",
    "refresh-token",
    "apiKey",
    "api_key",
    "apikey",
    "x-api-key",
    "Authorization",
    "credentials",
    "privateKey",
  ])("%s is a secret key", (key) => expect(isSecretKey(key)).toBe(true));

  it.each(["max_tokens", "tokens", "query", "path", "secret_name", "keyword", "author", "token_count"])(
    "%s is not a secret key",
    (key) => expect(isSecretKey(key)).toBe(false),
  );

  it("gives the same verdicts after its cache of verdicts filled and was emptied", () => {
    for (let i = 0; i < 10_000; i++) isSecretKey(`field_${i}`);
    expect(isSecretKey("db_password")).toBe(true);
    expect(isSecretKey("max_tokens")).toBe(false);
    expect(isSecretKey("field_9999_token")).toBe(true);
  });
});

describe("redactSecretValues", () => {
  it("replaces values under secret keys at any depth, leaving the rest", () => {
    const input = {
      query: "select 1",
      max_tokens: 4096,
      db: { host: "db.local", password: "hunter2", options: [{ apiKey: "k-1", retries: 3 }] },
      headers: { Authorization: { scheme: "Bearer", value: "abc" } },
    };
    expect(redactSecretValues(input)).toEqual({
      query: "select 1",
      max_tokens: 4096,
      db: { host: "db.local", password: "[REDACTED]", options: [{ apiKey: "[REDACTED]", retries: 3 }] },
      headers: { Authorization: "[REDACTED]" },
    });
  });

  it("finds a secret key only in the last element of an array deep inside", () => {
    const input = { steps: [{ a: 1 }, { b: [{ c: 2 }, { nested: { refresh_token: "t" } }] }] };
    expect(redactSecretValues(input)).toEqual({
      steps: [{ a: 1 }, { b: [{ c: 2 }, { nested: { refresh_token: "[REDACTED]" } }] }],
    });
  });

  it("leaves a value without secret keys as it is", () => {
    const input = { query: "select 1", options: [{ retries: 3 }], note: "password=in a string, not a key" };
    expect(redactSecretValues(input)).toBe(input);
    expect(input.options[0]!.retries).toBe(3);
  });

  it("does not change its input", () => {
    const input = { password: "hunter2" };
    redactSecretValues(input);
    expect(input.password).toBe("hunter2");
  });

  it("keeps a __proto__ key as plain data", () => {
    const input = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as unknown;
    const copy = redactSecretValues(input) as Record<string, unknown>;
    expect(Object.keys(copy)).toEqual(["__proto__", "a"]);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
