import { describe, expect, it } from "vitest";
import { goalsMet } from "./engine-goals";
import type { EngineFigures } from "./engines-section";

const figures = (engine: EngineFigures["engine"], p95: Record<string, number>) =>
  ({
    engine,
    metrics: Object.fromEntries(Object.entries(p95).map(([range, p95_ms]) => [range, { p95_ms }])),
  }) as unknown as EngineFigures;

describe("goalsMet", () => {
  it("holds each ratio to its bound, inclusive, and each p95 below its target", () => {
    const met = goalsMet(
      figures("embedded", { "24h": 300, "90d": 999 }),
      figures("server", { "24h": 240, "90d": 1000 }),
      {
        ingest: 0.8,
        metrics_p95: { "24h": 1.25, "90d": 1.26 },
        label_update_p50: 2,
      },
    );
    expect(met).toEqual({
      ingest_ratio: true,
      metrics_24h_ratio: true,
      metrics_24h_p95_embedded: false,
      metrics_24h_p95_server: true,
      metrics_90d_ratio: false,
      metrics_90d_p95_embedded: true,
      metrics_90d_p95_server: false,
    });
  });

  it("says not measured, not missed, for a figure that is missing", () => {
    const met = goalsMet(figures("embedded", { "24h": 100 }), figures("server", { "24h": 100 }), {
      ingest: null,
      metrics_p95: { "24h": 1 },
      label_update_p50: null,
    });
    expect(met.ingest_ratio).toBeNull();
    expect(met.metrics_90d_ratio).toBeNull();
    expect(met.metrics_90d_p95_embedded).toBeNull();
    expect(met.metrics_24h_ratio).toBe(true);
  });
});
