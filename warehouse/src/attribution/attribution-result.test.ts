import { describe, expect, it } from "vitest";
import type { LabelsBlock } from "../label-freshness/freshness-schema";
import type { AttributionCounts } from "./attribution-counts";
import { attributionResult } from "./attribution-result";

const labels = (coverage: LabelsBlock["coverage"]) => ({ coverage }) as LabelsBlock;

const counts = (judged: number): AttributionCounts => ({
  answers: { answers: 100, final: 90, positive: judged, finalTokens: 9_000 },
  recovery: { negatives: 50, noNextAnswer: 10, judged, recovered: 12 },
  categories: new Map([["web_search", { final: 80, positive: 40 }]]),
  toolUses: [{ toolName: "search", queryCategory: "web_search", final: judged, positive: 20 }],
  latency: [
    { timeCostMs: 500, rating: "up", final: true, positive: true, count: judged },
    { timeCostMs: 4_000, rating: "down", final: true, positive: false, count: judged },
  ],
  abandonment: { answers: 40, settled: judged, abandoned: 6 },
  intensity: { rated: 90, ratedDown: 45, withSeverity: judged, severitySum: 3 * judged, repeatedDown: 9 },
});

describe("attribution result", () => {
  it("gives values once the denominator reaches the minimum sample", () => {
    const result = attributionResult(counts(30), labels("full"));
    expect(result.recover_after_negative_rate).toEqual({
      value: 12 / 30,
      numerator: 12,
      denominator: 30,
      status: "ok",
      negatives: 50,
      no_next_answer: 10,
      pending: 10,
    });
    expect(result.tokens_per_positive_answer).toMatchObject({ value: 300, answers: 100, pending: 10 });
    expect(result.abandonment_rate).toEqual({
      value: 6 / 30,
      numerator: 6,
      denominator: 30,
      status: "ok",
      answers: 40,
      pending: 10,
    });
    expect(result.down_rating_severity).toEqual({
      value: 3,
      numerator: 90,
      denominator: 30,
      status: "ok",
      rated_down: 45,
    });
    expect(result.repeated_down_rate).toMatchObject({ value: 9 / 90, denominator: 90 });
    const [tool] = result.tool_helpfulness_rate_by_name;
    expect([tool!.used.value, tool!.not_used.value, tool!.not_used.denominator]).toEqual([20 / 30, 20 / 50, 50]);
    expect(tool!.difference).toBeCloseTo(20 / 30 - 20 / 50, 12);
    expect(tool!.used.ci_low).toBeLessThan(20 / 30);
    const latency = result.latency_vs_feedback_correlation;
    expect(latency.buckets.map((bucket) => bucket.answers)).toEqual([30, 0, 30, 0, 0]);
    expect(latency.thumbs_down).toEqual({ rho: 1, n: 60, status: "ok" });
  });

  it("says insufficient_sample below it, never 0", () => {
    const result = attributionResult(counts(29), labels("partial"));
    expect(result.recover_after_negative_rate).toMatchObject({
      value: null,
      denominator: 29,
      status: "insufficient_sample",
    });
    expect(result.tool_helpfulness_rate_by_name[0]!.used).toMatchObject({ value: null, ci_low: null, ci_high: null });
    expect(result.abandonment_rate).toMatchObject({ value: null, denominator: 29, status: "insufficient_sample" });
    expect(result.down_rating_severity).toMatchObject({ value: null, numerator: 87, status: "insufficient_sample" });
    expect(result.tool_helpfulness_rate_by_name[0]!.difference).toBeNull();
    expect(result.latency_vs_feedback_correlation.buckets[1]!.good_answer_rate.status).toBe("no_data");
  });

  it("nulls every figure that reads labels when they cover none of the range", () => {
    const result = attributionResult(counts(30), labels("none"));
    const unavailable = { value: null, numerator: null, denominator: null, status: "labels_unavailable" };
    expect(result.recover_after_negative_rate).toEqual({
      ...unavailable,
      negatives: null,
      no_next_answer: null,
      pending: null,
    });
    expect(result.tokens_per_positive_answer).toEqual({ ...unavailable, answers: 100, pending: null });
    expect(result.abandonment_rate).toEqual({ ...unavailable, answers: null, pending: null });
    // Feedback intensity reads ratings, not labels: still there.
    expect(result.down_rating_severity).toMatchObject({ value: 3, status: "ok", rated_down: 45 });
    expect(result.repeated_down_rate).toMatchObject({ value: 9 / 90, status: "ok" });
    expect(result.latency_vs_feedback_correlation.good_answer).toEqual({
      rho: null,
      n: null,
      status: "labels_unavailable",
    });
    expect(result.latency_vs_feedback_correlation.buckets[0]!.thumbs_down_rate).toEqual(unavailable);
  });
});
