import { describe, expect, it } from "vitest";
import { UsageError } from "../command-line";
import { expiresAt, parseKeysArgs } from "./keys-args";
import { formatCreated, formatKeyList, keyState } from "./keys-output";

const NOW = Date.parse("2026-12-07T12:00:00Z");

describe("parseKeysArgs", () => {
  it("reads create, list and revoke", () => {
    expect(parseKeysArgs(["create", "--tenant", "acme", "--kind", "read"], NOW)).toEqual({
      command: "create",
      key: { tenant_id: "acme", kind: "read", expires_at: null },
    });
    expect(parseKeysArgs(["list"], NOW)).toEqual({ command: "list", tenantId: undefined });
    expect(parseKeysArgs(["revoke", "--tenant", "acme", "key_1"], NOW)).toEqual({
      command: "revoke",
      tenantId: "acme",
      keyId: "key_1",
    });
  });

  it("refuses a session key, a bad tenant, a revoke without tenant and an unknown command", () => {
    expect(() => parseKeysArgs(["create", "--tenant", "acme", "--kind", "session"], NOW)).toThrow(UsageError);
    expect(() => parseKeysArgs(["create", "--tenant", "a b", "--kind", "read"], NOW)).toThrow(UsageError);
    expect(() => parseKeysArgs(["revoke", "key_1"], NOW)).toThrow(UsageError);
    expect(() => parseKeysArgs(["rotate"], NOW)).toThrow(/unknown or incomplete command: rotate/);
  });

  it("takes an expiry as a duration or an ISO time in the future", () => {
    expect(expiresAt("90d", NOW)).toBe("2027-03-07T12:00:00.000Z");
    expect(expiresAt("12h", NOW)).toBe("2026-12-08T00:00:00.000Z");
    expect(expiresAt("2027-01-01T00:00:00Z", NOW)).toBe("2027-01-01T00:00:00.000Z");
    expect(() => expiresAt("2026-01-01T00:00:00Z", NOW)).toThrow(/in the past/);
    expect(() => expiresAt("soon", NOW)).toThrow(UsageError);
  });
});

describe("keys output", () => {
  const key = {
    keyId: "key_ab",
    tenantId: "acme",
    kind: "ingest" as const,
    createdAtMs: NOW - 1000,
    expiresAtMs: NOW + 1000,
    revokedAtMs: null,
  };

  it("lists a key's state and no secret", () => {
    expect(keyState(key, NOW)).toBe("active");
    expect(keyState(key, NOW + 1000)).toBe("expired");
    expect(keyState({ ...key, revokedAtMs: NOW }, NOW)).toBe("revoked");
    expect(formatKeyList([key], NOW).split("\n")[1]).toBe(
      "key_ab  acme    ingest  active  2026-12-07T11:59:59.000Z  2026-12-07T12:00:01.000Z",
    );
    expect(formatKeyList([], NOW)).toBe("no stored keys");
  });

  it("shows the secret once, at create", () => {
    expect(formatCreated(key, "as_secret")).toContain("secret (shown once, only its hash is stored): as_secret");
  });
});
