import { describe, expect, it } from "vitest";
import { loadExporterConfig } from "./config";

describe("exporter configuration", () => {
  it("has working defaults", () => {
    const config = loadExporterConfig({});
    expect(config.EXPORTER_REFRESH_MS).toBe(15_000);
    expect(config.EXPORTER_WINDOWS).toEqual(["5m", "1h"]);
    expect(config.EXPORTER_LATENCY_BUCKETS[0]).toBe(0.5);
    // No ClickHouse server named: the embedded engine (warehouse/src/engine/README.md).
    expect(config.CLICKHOUSE_URL).toBeUndefined();
  });

  it("reads lists and numbers from the environment", () => {
    const config = loadExporterConfig({
      EXPORTER_WINDOWS: "5m, 15m,1h",
      EXPORTER_LATENCY_BUCKETS: "1,2.5,10",
      EXPORTER_REFRESH_MS: "1000",
    });
    expect(config.EXPORTER_WINDOWS).toEqual(["5m", "15m", "1h"]);
    expect(config.EXPORTER_LATENCY_BUCKETS).toEqual([1, 2.5, 10]);
    expect(config.EXPORTER_REFRESH_MS).toBe(1000);
  });

  it("names every bad setting", () => {
    expect(() => loadExporterConfig({ EXPORTER_WINDOWS: "5 minutes", EXPORTER_LATENCY_BUCKETS: "5,1" })).toThrow(
      /EXPORTER_WINDOWS.*EXPORTER_LATENCY_BUCKETS/,
    );
  });
});
