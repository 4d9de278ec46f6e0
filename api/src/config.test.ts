import { describe, expect, it } from "vitest";
import { loadApiConfig } from "./config";

describe("loadApiConfig", () => {
  it("has defaults for every setting", () => {
    const config = loadApiConfig({});
    expect(config).toMatchObject({
      PORT: 4320,
      HOST: "127.0.0.1",
      ANSWERSCOPE_DATA_DIR: ".data",
      WAREHOUSE_TIMEOUT_MS: 30_000,
    });
    // No ClickHouse server named: the embedded engine (warehouse/src/engine/README.md).
    expect(config.CLICKHOUSE_URL).toBeUndefined();
    expect(config.TRACE_URL_TEMPLATE).toBeUndefined();
    expect(config.CORS_ORIGIN).toBeUndefined();
  });

  it("reads the trace template and treats an empty one as unset", () => {
    expect(
      loadApiConfig({ TRACE_URL_TEMPLATE: "https://lf.example/p/{tenant_id}/t/{trace_id}" }).TRACE_URL_TEMPLATE,
    ).toBe("https://lf.example/p/{tenant_id}/t/{trace_id}");
    expect(loadApiConfig({ TRACE_URL_TEMPLATE: "" }).TRACE_URL_TEMPLATE).toBeUndefined();
  });

  it("names the invalid variable", () => {
    expect(() => loadApiConfig({ PORT: "http" })).toThrow(/PORT/);
    expect(() => loadApiConfig({ TRACE_URL_TEMPLATE: "javascript:alert(1)" })).toThrow(/TRACE_URL_TEMPLATE/);
    expect(() => loadApiConfig({ CORS_ORIGIN: "not a url" })).toThrow(/CORS_ORIGIN/);
  });
});
