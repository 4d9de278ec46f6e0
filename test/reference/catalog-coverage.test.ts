// The one file here that reads the product: not to compute anything (the reference keeps its own
// definitions), but to fail when the metric catalog (contracts/src/metrics) gains a figure the
// reference does not compute. diffMetricsRows compares only the reference's fields, so a new
// metric would otherwise go unchecked by the correctness suites.
import {
  ATTRIBUTION_METRICS,
  COMPARABLE_METRICS,
  MEAN_METRICS as CATALOG_MEANS,
  METRIC_NAMES,
} from "@answerscope/contracts/metrics";
import { describe, expect, it } from "vitest";
import { MEAN_METRICS, RATE_METRICS, referenceAttribution, referenceMetrics } from "./index";

describe("the reference covers the metric catalog", () => {
  it("computes every figure of the catalog in a metrics row", () => {
    const [row] = referenceMetrics([], {
      tenant_id: "t-none",
      from: "2026-11-29T00:00:00Z",
      to: "2026-11-30T00:00:00Z",
    }).rows;
    expect(Object.keys(row!)).toEqual(expect.arrayContaining([...METRIC_NAMES]));
  });

  it("compares and samples the catalog's rates and means", () => {
    expect([...RATE_METRICS]).toEqual([...COMPARABLE_METRICS]);
    expect([...MEAN_METRICS]).toEqual([...CATALOG_MEANS]);
  });

  it("computes every attribution figure of the catalog", () => {
    const figures = referenceAttribution([], {
      tenant_id: "t-none",
      from: "2026-11-29T00:00:00Z",
      to: "2026-11-30T00:00:00Z",
    });
    expect(Object.keys(figures).sort()).toEqual([...ATTRIBUTION_METRICS].sort());
  });
});
