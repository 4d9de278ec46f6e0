import { describe, expect, it } from "vitest";
import { averageRanks, referenceAttribution, spearmanRho } from "./attribution";
import { EventBuilder } from "./builders";

const b = new EventBuilder("t1");
const range = { tenant_id: "t1", from: b.at(-1), to: b.at(5000) };

// s1: down, then a follow-up rated up (recovered). s2: down, no follow-up, window closed (no next
// answer). s3: down, follow-up whose window is still open when the data ends (pending). s4: one
// answer naming a tool twice, still pending. The last event (t = 2000 s) closes s1's and s2's windows.
const events = [
  b.response("r1", 0, { session_id: "s1", time_cost_ms: 500, total_tokens: 100, query_category: "web_search" }),
  b.feedback(5, { target_id: "r1", rating: "down", session_id: "s1" }),
  b.response("r2", 60, { session_id: "s1", time_cost_ms: 2500, total_tokens: 40, query_category: "web_search" }),
  b.feedback(65, { target_id: "r2", rating: "up", session_id: "s1" }),
  b.response("r3", 100, { session_id: "s2", time_cost_ms: 2500, total_tokens: 7, query_category: "web_search" }),
  b.feedback(105, { target_id: "r3", rating: "down", session_id: "s2" }),
  b.response("r4", 1900, { session_id: "s3", time_cost_ms: 40_000, total_tokens: 1, query_category: "web_search" }),
  b.feedback(1905, { target_id: "r4", rating: "down", session_id: "s3" }),
  b.response("r5", 1950, {
    session_id: "s3",
    time_cost_ms: 40_000,
    total_tokens: 1000,
    query_category: "web_search",
    tool_count: 2,
    tools_used_names: ["search", "search"],
  }),
  b.response("r6", 2000, { session_id: "s4", time_cost_ms: 2500, total_tokens: 3, query_category: "web_search" }),
];

describe("reference attribution", () => {
  const result = referenceAttribution(events, range);

  it("follows each negative answer to its next answer: recovered, no next answer, pending", () => {
    expect(result.recover_after_negative_rate).toEqual({
      value: null,
      numerator: 1,
      denominator: 1,
      status: "insufficient_sample",
      negatives: 3,
      no_next_answer: 1,
      pending: 1,
    });
  });

  it("divides the tokens of judged answers by the positive ones, leaving pending answers out", () => {
    // Final: r1 (bad, 100), r2 (excellent, 40), r3 (bad, 7), r4 (bad, 1); r5 and r6 pending.
    expect(result.tokens_per_positive_answer).toMatchObject({ numerator: 148, denominator: 1, answers: 6, pending: 2 });
  });

  it("counts a tool named twice once, and only judged answers on either side", () => {
    expect(result.tool_helpfulness_rate_by_name).toHaveLength(1);
    const [row] = result.tool_helpfulness_rate_by_name;
    expect(row).toMatchObject({ tool_name: "search", query_category: "web_search", difference: null });
    expect([row!.used.numerator, row!.used.denominator, row!.used.status]).toEqual([0, 0, "no_data"]);
    expect([row!.not_used.numerator, row!.not_used.denominator]).toEqual([1, 4]);
  });

  it("lists every latency bucket, empty ones with null rates", () => {
    const buckets = result.latency_vs_feedback_correlation.buckets;
    expect(buckets.map((bucket) => bucket.answers)).toEqual([1, 3, 0, 0, 2]);
    expect(buckets[2]!.thumbs_down_rate).toEqual({ value: null, numerator: 0, denominator: 0, status: "no_data" });
    expect(buckets[1]!.thumbs_down_rate).toMatchObject({ numerator: 1, denominator: 2 });
    expect(result.latency_vs_feedback_correlation.thumbs_down).toEqual({
      rho: null,
      n: 4,
      status: "insufficient_sample",
    });
  });

  it("gives the value once the denominator reaches 30", () => {
    const many = new EventBuilder("t2");
    const bulk = Array.from({ length: 30 }, (_, i) =>
      many.response(`q${i}`, i * 1000, { session_id: `s${i}`, time_cost_ms: 100 * (i + 1), total_tokens: 10 }),
    );
    const closing = many.response("last", 40_000, { session_id: "z", total_tokens: 10 });
    const figures = referenceAttribution([...bulk, closing], {
      tenant_id: "t2",
      from: many.at(-1),
      to: many.at(39_000),
    });
    expect(figures.tokens_per_positive_answer).toMatchObject({ value: 10, status: "ok", denominator: 30 });
    // Every answer good: the outcome never varies, so no rank correlation.
    expect(figures.latency_vs_feedback_correlation.good_answer).toEqual({ rho: null, n: 30, status: "no_variation" });
  });
});

describe("reference rank correlation", () => {
  it("averages tied ranks", () => {
    expect(averageRanks([10, 20, 20, 5])).toEqual([2, 3.5, 3.5, 1]);
    expect(spearmanRho([1, 2, 2, 3], [1, 2, 3, 4])).toBeCloseTo(0.9486833, 6);
  });

  it("is -1 for a reversed order and null for a constant side", () => {
    expect(spearmanRho([1, 5, 9], [3, 2, 1])).toBeCloseTo(-1, 12);
    expect(spearmanRho([1, 2, 3], [0, 0, 0])).toBeNull();
  });
});
