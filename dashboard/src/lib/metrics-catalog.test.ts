import { describe, expect, it } from "vitest";
import { COMPARABLE_METRICS, formatMetric, metricLabel, RATES } from "./metrics-catalog";

describe("the dashboard's reading of the metric catalog", () => {
  it("labels each rate, says what it divides by and which way is good news", () => {
    expect(Object.keys(RATES)).toEqual([...COMPARABLE_METRICS]);
    expect(RATES.thumbs_down_rate).toEqual({
      label: "Thumbs-down rate",
      denominator: "rated responses",
      higherIsBetter: false,
    });
    expect(RATES.one_turn_resolution_rate).toEqual({
      label: "One-turn resolution",
      denominator: "sessions with a final first answer",
      higherIsBetter: true,
    });
  });

  it("formats each figure as the catalog says, and a missing one as a dash", () => {
    expect([
      formatMetric("error_rate", 0.1234),
      formatMetric("latency_p95_ms", 1250),
      formatMetric("response_count", 12345),
      formatMetric("avg_iteration_count", 2.345),
      formatMetric("avg_total_tokens", 1234.6),
    ]).toEqual(["12.3%", "1.25 s", "12,345", "2.3", "1,235"]);
    expect(formatMetric("error_rate", null)).toBe("—");
    expect(metricLabel("latency_p95_ms")).toBe("Latency p95");
  });
});
