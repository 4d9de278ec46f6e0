import { describe, expect, it } from "vitest";
import { emptyFactBatch } from "../sink/fact-tables";
import type { ResponseRow } from "../sink/rows";
import { applyQueryTextPolicy, storedQueryText } from "./query-text-policy";
import { loadPrivacyConfig, tenantPrivacy } from "./tenant-privacy";

const TEXT = "I'm jane@example.com, +1 415 555 0100, key sk-abcdef123456: that's wrong, TRY AGAIN";

describe("storedQueryText", () => {
  it("keeps the text under full", () => {
    expect(storedQueryText(TEXT, "full")).toBe(TEXT);
  });
  it("masks e-mail addresses, phone numbers and secrets under redacted, keeping the words", () => {
    expect(storedQueryText(TEXT, "redacted")).toBe("I'm [EMAIL], [PHONE], key [REDACTED]: that's wrong, TRY AGAIN");
  });
  it("keeps only the first re-ask phrase under none, or nothing", () => {
    expect(storedQueryText(TEXT, "none")).toBe("that's wrong");
    expect(storedQueryText("where is my parcel, jane@example.com?", "none")).toBe("");
  });
});

describe("tenant privacy configuration", () => {
  it("defaults to redacted, then the configured default, then the tenant's own", () => {
    const config = loadPrivacyConfig({
      ANSWERSCOPE_PRIVACY: JSON.stringify({
        default: { query_text: "none" },
        tenants: { globex: { query_text: "full" } },
      }),
    });
    expect(tenantPrivacy(config, "other")).toEqual({ query_text: "none", retention_days: null, answer_texts: false });
    expect(tenantPrivacy(config, "globex")).toEqual({ query_text: "full", retention_days: null, answer_texts: false });
    expect(tenantPrivacy(loadPrivacyConfig({}), "any")).toEqual({
      query_text: "redacted",
      retention_days: null,
      answer_texts: false,
    });
  });
  it("takes retention_days from the default, a tenant's own winning, null opting out", () => {
    const config = loadPrivacyConfig({
      ANSWERSCOPE_PRIVACY: JSON.stringify({
        default: { retention_days: 90 },
        tenants: { globex: { retention_days: 7 }, initech: { retention_days: null } },
      }),
    });
    expect(tenantPrivacy(config, "acme").retention_days).toBe(90);
    expect(tenantPrivacy(config, "globex").retention_days).toBe(7);
    expect(tenantPrivacy(config, "initech").retention_days).toBeNull();
  });
  it("refuses an unknown mode, an invalid tenant id, a retention that is not whole days and unknown keys, naming the path", () => {
    expect(() => loadPrivacyConfig({ ANSWERSCOPE_PRIVACY: '{"tenants": {"acme": {"query_text": "some"}}}' })).toThrow(
      /tenants\.acme\.query_text/,
    );
    expect(() =>
      loadPrivacyConfig({ ANSWERSCOPE_PRIVACY: '{"tenants": {"no tenant!": {"query_text": "none"}}}' }),
    ).toThrow(/invalid privacy configuration/);
    for (const days of ["0", "1.5", '"30"'])
      expect(() => loadPrivacyConfig({ ANSWERSCOPE_PRIVACY: `{"default": {"retention_days": ${days}}}` })).toThrow(
        /default\.retention_days/,
      );
    expect(() => loadPrivacyConfig({ ANSWERSCOPE_PRIVACY: '{"tenant": {}}' })).toThrow(/invalid privacy configuration/);
  });
});

describe("applyQueryTextPolicy", () => {
  it("applies each row's tenant mode, and a second pass changes nothing", () => {
    const batch = emptyFactBatch();
    batch.responses.push(
      { tenant_id: "acme", query_text: TEXT } as ResponseRow,
      { tenant_id: "globex", query_text: TEXT } as ResponseRow,
      { tenant_id: "initech", query_text: TEXT } as ResponseRow,
    );
    const config = loadPrivacyConfig({
      ANSWERSCOPE_PRIVACY: JSON.stringify({
        tenants: { acme: { query_text: "none" }, globex: { query_text: "full" } },
      }),
    });
    applyQueryTextPolicy(batch, config);
    const once = batch.responses.map((row) => row.query_text);
    expect(once).toEqual(["that's wrong", TEXT, storedQueryText(TEXT, "redacted")]);
    applyQueryTextPolicy(batch, config);
    expect(batch.responses.map((row) => row.query_text)).toEqual(once);
  });
});
