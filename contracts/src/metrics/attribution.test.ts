import { describe, expect, it } from "vitest";
import { ATTRIBUTION_CATALOG, LATENCY_BUCKET_EDGES_MS, SMALL_SAMPLE } from "./index";

describe("attribution catalog", () => {
  it("defines every figure's parts, with the small-sample size of the metric table", () => {
    for (const [name, definition] of Object.entries(ATTRIBUTION_CATALOG)) {
      expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
      for (const part of [definition.numerator, definition.denominator, definition.facts, definition.time])
        expect(part.length, name).toBeGreaterThan(10);
      expect(definition.minSample, name).toBe(SMALL_SAMPLE);
    }
  });

  it("starts the latency buckets at 0 and raises every edge", () => {
    expect(LATENCY_BUCKET_EDGES_MS[0]).toBe(0);
    LATENCY_BUCKET_EDGES_MS.slice(1).forEach((edge, index) =>
      expect(edge).toBeGreaterThan(LATENCY_BUCKET_EDGES_MS[index]!),
    );
  });
});
