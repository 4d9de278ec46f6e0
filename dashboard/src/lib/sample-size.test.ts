import { describe, expect, it } from "vitest";
import type { MetricsRow } from "./api-types";
import { isSmallSample, sampleSizeOf } from "./sample-size";

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
  sample_sizes: {
    max_iteration_hit_rate: 200,
    no_reply_rate: 200,
    error_rate: 200,
    avg_iteration_count: 200,
    avg_tool_count: 200,
    avg_total_tokens: 200,
    tool_success_rate: 90,
    feedback_coverage: 200,
    thumbs_up_rate: 51,
    thumbs_down_rate: 51,
    reask_rate: 150,
    followup_rate: 150,
    good_answer_rate: 180,
    one_turn_resolution_rate: 70,
  },
  ...overrides,
});

describe("sample sizes", () => {
  it("are the denominators the API reports, per rate", () => {
    expect(sampleSizeOf(row(), "feedback_coverage")).toBe(200);
    expect(sampleSizeOf(row(), "good_answer_rate")).toBe(180);
    expect(sampleSizeOf(row(), "thumbs_down_rate")).toBe(51);
    expect(sampleSizeOf(row(), "reask_rate")).toBe(150);
    expect(sampleSizeOf(row(), "one_turn_resolution_rate")).toBe(70);
  });
  it("mark fewer than 30 as small, and never an unknown size", () => {
    expect(isSmallSample(29)).toBe(true);
    expect(isSmallSample(30)).toBe(false);
    expect(isSmallSample(null)).toBe(false);
  });
});
