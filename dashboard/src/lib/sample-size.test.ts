import { describe, expect, it } from "vitest";
import type { MetricsRow } from "./api-types";
import { finalLabels, isSmallSample, sampleSizeOf } from "./sample-size";

const row = (overrides: Partial<MetricsRow> = {}): MetricsRow => ({
  dims: {},
  response_count: 200,
  latency_p50_ms: 1000,
  latency_p95_ms: 2000,
  latency_p99_ms: 3000,
  max_iteration_hit_rate: 0.01,
  no_reply_rate: 0.01,
  error_rate: 0.02,
  avg_iteration_count: 2,
  avg_tool_count: 1,
  avg_total_tokens: 900,
  tool_success_rate: 0.9,
  tool_calls_unfinished: 1,
  feedback_coverage: 0.255,
  thumbs_up_rate: 0.6,
  thumbs_down_rate: 0.4,
  reask_rate: 0.1,
  followup_rate: 0.3,
  good_answer_rate: 0.55,
  one_turn_resolution_rate: 0.5,
  outcome_counts: { excellent: 20, good: 80, neutral: 40, bad: 30, failed: 10, pending: 20 },
  ...overrides,
});

describe("sample sizes", () => {
  it("are exact where the row determines them", () => {
    expect(sampleSizeOf(row(), "feedback_coverage")).toBe(200);
    expect(sampleSizeOf(row(), "error_rate")).toBe(200);
    expect(finalLabels(row())).toBe(180);
    expect(sampleSizeOf(row(), "good_answer_rate")).toBe(180);
    expect(sampleSizeOf(row(), "thumbs_down_rate")).toBe(51);
  });
  it("are unknown (not guessed) where the row does not determine them", () => {
    expect(sampleSizeOf(row(), "reask_rate")).toBeNull();
    expect(sampleSizeOf(row(), "one_turn_resolution_rate")).toBeNull();
  });
  it("prefer sizes the API reports", () => {
    expect(sampleSizeOf({ ...row(), sample_sizes: { reask_rate: 150 } } as MetricsRow, "reask_rate")).toBe(150);
  });
  it("mark fewer than 30 as small, and never an unknown size", () => {
    expect(isSmallSample(29)).toBe(true);
    expect(isSmallSample(30)).toBe(false);
    expect(isSmallSample(null)).toBe(false);
  });
});
