import { describe, expect, it } from "vitest";
import { bearerToken, loadKeyRing } from "./key-ring";

describe("key ring", () => {
  const ring = loadKeyRing({ inline: "ingest:acme:acme-ingest-key-0001, read:acme:acme-read-key-00001:with-colon" });

  it("finds a key's tenant and kind, and nothing for unknown keys", () => {
    expect(ring.lookup("acme-ingest-key-0001")).toEqual({ tenantId: "acme", kind: "ingest" });
    expect(ring.lookup("acme-read-key-00001:with-colon")).toEqual({ tenantId: "acme", kind: "read" });
    expect(ring.lookup("acme-ingest-key-000")).toBeUndefined();
    expect(ring.size).toBe(2);
  });

  it("refuses short keys and bad tenants in configuration", () => {
    expect(() => loadKeyRing({ inline: "ingest:acme:short" })).toThrow(/at least 16/);
    expect(() => loadKeyRing({ inline: "ingest:bad tenant:abcdefghijklmnopq" })).toThrow();
  });

  it("reads bearer tokens", () => {
    expect(bearerToken("Bearer abc")).toBe("abc");
    expect(bearerToken("bearer  abc ")).toBe("abc");
    expect(bearerToken("Basic abc")).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
