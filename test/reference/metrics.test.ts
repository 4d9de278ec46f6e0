import { describe, expect, it } from "vitest";
import { EventBuilder } from "./builders";
import { FIX_RANGE, fixtureEvents } from "./fixture";
import { referenceLabels } from "./labels";
import { referenceMetrics } from "./metrics";
import { MEAN_METRICS, RATE_METRICS, type MetricsQuery, type MetricsRow } from "./types";

// Fixture (t1, times in seconds after 10:00:00Z, range [10:00, 11:00)):
//   id  sess user  t     model chan  cost iter tools tokens finish          label
//   rF  s1   u1   -100   m1    web   9999                                   (out of range)
//   rA  s1   u1      0   m1    web    100   1    0    30  stop   rated up, follow-up rB re-ask -> bad/reask_followup
//   rB  s1   u1    120   m1    slack  200   3    2   100  stop   rated down                   -> bad/rated_down
//   rC  s2   u2    300   m2    web    300  10    1    10  max_iterations (rated up)         -> failed
//   rG  s5   u5    600   m1    web    500   1    0     0  no_reply                          -> failed
//   rH  s6   u6    700   m2    slack  600   2    1    30  stop   rated up, no failed tool   -> excellent
//   rI  s7   u7    800   m1    web    700   1    0    30  stop   follow-up rJ (not re-ask)  -> neutral
//   rD  s3   u3   1000   m2    web    400   2    0    30  error  (forbidden rating by u9)   -> failed
//   rJ  s7   u7   1200   m1    web    800   1    0    30  stop   closed at 1800 <= 1900     -> good/window_closed_no_followup
//   rE  s3   u3   1700   m1    web   1000   1    0    30  length open (1900 < 2300)          -> pending
// newest event of t1: 1900 s. Tool calls: tc1 rB completed @100, tc2 rB failed @105, tc3 rC started-only @250,
// tc4 rH completed (inferred) @690, tc5 no response_id completed @400, tc6 rH @-50 (out of range), tc7 r-ghost failed @500.

const EV = fixtureEvents();
const q = (o: Partial<MetricsQuery> = {}): MetricsQuery => ({ tenant_id: "t1", ...FIX_RANGE, ...o });
const rows = (o: Partial<MetricsQuery> = {}, opts = {}) => referenceMetrics(EV, q(o), opts).rows;
const one = (o: Partial<MetricsQuery> = {}, opts = {}) => {
  const r = rows(o, opts);
  expect(r).toHaveLength(1);
  return r[0]!;
};

describe("fixture labels", () => {
  it("match the table", () => {
    const l = referenceLabels(EV, "t1");
    const got = Object.fromEntries(
      ["rA", "rB", "rC", "rG", "rH", "rI", "rD", "rJ", "rE"].map((id) => [
        id,
        `${l.get(id)!.label}/${l.get(id)!.label_reason}`,
      ]),
    );
    expect(got).toEqual({
      rA: "bad/reask_followup",
      rB: "bad/rated_down",
      rC: "failed/finish_reason_failed",
      rG: "failed/finish_reason_failed",
      rH: "excellent/rated_up_no_failed_tools",
      rI: "neutral/followup_not_reask",
      rD: "failed/finish_reason_failed",
      rJ: "good/window_closed_no_followup",
      rE: "pending/window_open",
    });
  });
});

describe("one row for the whole range", () => {
  const r = one();
  it("phase 1", () => {
    expect(r.bucket_start).toBeUndefined();
    expect(r.dims).toEqual({});
    expect(r.response_count).toBe(9);
    expect(r.latency_p50_ms).toBe(500);
    expect(r.latency_p95_ms).toBeCloseTo(920, 9);
    expect(r.latency_p99_ms).toBeCloseTo(984, 9);
    expect(r.max_iteration_hit_rate).toBeCloseTo(1 / 9, 12);
    expect(r.no_reply_rate).toBeCloseTo(1 / 9, 12);
    expect(r.error_rate).toBeCloseTo(1 / 9, 12);
    expect(r.avg_iteration_count).toBeCloseTo(22 / 9, 12);
    expect(r.avg_tool_count).toBeCloseTo(4 / 9, 12);
    expect(r.avg_total_tokens).toBeCloseTo(290 / 9, 12);
  });
  it("tools: every call in range (tc1, tc2, tc3, tc4, tc5, tc7): 3 completed / 5 finished, 1 unfinished", () => {
    expect(r.tool_success_rate).toBeCloseTo(3 / 5, 12);
    expect(r.tool_calls_unfinished).toBe(1);
  });
  it("phase 2", () => {
    expect(r.feedback_coverage).toBeCloseTo(4 / 9, 12); // rA, rB, rC, rH (rD's rating is forbidden)
    expect(r.thumbs_up_rate).toBeCloseTo(3 / 4, 12);
    expect(r.thumbs_down_rate).toBeCloseTo(1 / 4, 12);
    expect(r.reask_rate).toBeCloseTo(1 / 8, 12); // rA / 8 closed windows (all but rE)
    expect(r.followup_rate).toBeCloseTo(2 / 8, 12); // rA, rI (rF's follow-up rA does not count: rF is out of range)
    expect(r.good_answer_rate).toBeCloseTo(2 / 8, 12); // rH, rJ / 8 final
    // sessions by their first in-range response: s1 rA bad, s2 rC failed, s5 rG failed, s6 rH excellent, s7 rI neutral, s3 rD failed
    expect(r.one_turn_resolution_rate).toBeCloseTo(1 / 6, 12);
    expect(r.outcome_counts).toEqual({ excellent: 1, good: 1, neutral: 1, bad: 2, failed: 3, pending: 1 });
  });
  it("sample sizes: the denominator of each rate and mean, as counted above", () => {
    expect(r.sample_sizes).toEqual({
      max_iteration_hit_rate: 9,
      no_reply_rate: 9,
      error_rate: 9,
      tool_success_rate: 5,
      feedback_coverage: 9,
      thumbs_up_rate: 4,
      thumbs_down_rate: 4,
      reask_rate: 8,
      followup_rate: 8,
      good_answer_rate: 8,
      one_turn_resolution_rate: 6,
      avg_iteration_count: 9,
      avg_tool_count: 9,
      avg_total_tokens: 9,
    });
  });
  it("quantile option exact_floor", () => {
    const x = one({}, { quantile: "exact_floor" });
    expect([x.latency_p50_ms, x.latency_p95_ms, x.latency_p99_ms]).toEqual([500, 1000, 1000]);
  });
  it("unscopedTools = row_responses_plus_orphans drops tc7 (its response does not exist)", () => {
    const x = one({}, { unscopedTools: "row_responses_plus_orphans" });
    expect(x.tool_success_rate).toBeCloseTo(3 / 4, 12);
    expect(x.tool_calls_unfinished).toBe(1);
  });
});

describe("range is half-open on the response occurred_at", () => {
  it("to excludes a response exactly at to; from includes one exactly at from", () => {
    const r = one({ to: "2026-11-30T10:28:20.000Z" }); // rE is at 10:28:20.000
    expect(r.response_count).toBe(8);
    expect(r.outcome_counts.pending).toBe(0);
    expect(one({ from: "2026-11-30T10:28:20.000Z" }).response_count).toBe(1);
    expect(one({ from: "2026-11-30T10:28:20.001Z" }).response_count).toBe(0);
  });
  it("a range with only rF: rF's follow-up lies outside it but still counts", () => {
    const r = one({ from: "2026-11-30T09:50:00.000Z", to: "2026-11-30T10:00:00.000Z" });
    expect(r.response_count).toBe(1);
    expect(r.followup_rate).toBe(1);
    expect(r.reask_rate).toBe(0);
    expect(r.outcome_counts.neutral).toBe(1);
    // tc6 (rH's call, first event at 09:59:10) is in this range; unscoped rows count it
    expect(r.tool_success_rate).toBe(1);
  });
});

describe("empty slices and null denominators", () => {
  it("no response: one row, count 0, every rate and quantile null", () => {
    const r = one({ filters: { model: ["nope"] } });
    expect(r).toEqual<MetricsRow>({
      dims: {},
      response_count: 0,
      latency_p50_ms: null,
      latency_p95_ms: null,
      latency_p99_ms: null,
      max_iteration_hit_rate: null,
      no_reply_rate: null,
      error_rate: null,
      avg_iteration_count: null,
      avg_tool_count: null,
      avg_total_tokens: null,
      tool_success_rate: null,
      tool_calls_unfinished: 0,
      feedback_coverage: null,
      thumbs_up_rate: null,
      thumbs_down_rate: null,
      reask_rate: null,
      followup_rate: null,
      good_answer_rate: null,
      one_turn_resolution_rate: null,
      outcome_counts: { excellent: 0, good: 0, neutral: 0, bad: 0, failed: 0, pending: 0 },
      sample_sizes: Object.fromEntries(
        [...RATE_METRICS, ...MEAN_METRICS].map((metric) => [metric, 0]),
      ) as MetricsRow["sample_sizes"],
    });
  });
  it("an empty range for another tenant: one empty row", () => {
    expect(referenceMetrics(EV, { ...q(), tenant_id: "t-none" }).rows[0]!.response_count).toBe(0);
  });
  it("grouped or bucketed with no response: no rows", () => {
    expect(rows({ filters: { model: ["nope"] }, group_by: ["model"] })).toEqual([]);
    expect(rows({ filters: { model: ["nope"] }, bucket: "hour" })).toEqual([]);
  });
  it("rates with a 0 denominator are null while others are numbers", () => {
    // only rE: no rating, window open, label pending
    const r = one({ from: "2026-11-30T10:28:00.000Z" });
    expect(r.response_count).toBe(1);
    expect(r.feedback_coverage).toBe(0);
    expect(r.thumbs_up_rate).toBeNull();
    expect(r.thumbs_down_rate).toBeNull();
    expect(r.reask_rate).toBeNull();
    expect(r.followup_rate).toBeNull();
    expect(r.good_answer_rate).toBeNull();
    expect(r.one_turn_resolution_rate).toBeNull();
    expect(r.error_rate).toBe(0);
    expect(r.tool_success_rate).toBeNull();
  });
});

describe("filters", () => {
  it("model=m1 (6 responses): tools only of its responses, no orphan calls", () => {
    const r = one({ filters: { model: ["m1"] } });
    expect(r.response_count).toBe(6);
    expect(r.tool_success_rate).toBeCloseTo(1 / 2, 12); // tc1, tc2
    expect(r.tool_calls_unfinished).toBe(0);
    expect(r.feedback_coverage).toBeCloseTo(2 / 6, 12);
    expect(r.one_turn_resolution_rate).toBe(0); // s1 rA bad, s5 rG failed, s7 rI neutral, s3 -> rE pending (rD is m2)
  });
  it("OR within a dimension, AND across", () => {
    expect(one({ filters: { model: ["m1", "m2"] } }).response_count).toBe(9);
    const r = one({ filters: { model: ["m1", "m2"], channel: ["slack"] } });
    expect(r.response_count).toBe(2); // rB, rH
    // tc1, tc2, tc4 and tc6: a filtered row counts its responses' calls, and rH is in the range
    // although tc6's first event is not
    expect(r.tool_success_rate).toBeCloseTo(3 / 4, 12);
  });
  it("an empty value list is no filter", () => {
    expect(one({ filters: { model: [] } })).toEqual(one());
  });
  it("derived and defaulted dimensions filter too", () => {
    expect(one({ filters: { tool_used: ["yes"] } }).response_count).toBe(3); // rB, rC, rH
    expect(one({ filters: { prompt_version: ["unknown"] } }).response_count).toBe(9);
    expect(one({ filters: { query_category: ["unknown"] } }).response_count).toBe(5); // no query_text: rC, rG, rH, rD, rE
    expect(one({ filters: { query_category: ["general_qa"] } }).response_count).toBe(4); // rA, rB, rI, rJ
  });
});

describe("group_by and buckets", () => {
  it("group by model", () => {
    const [m1, m2, ...rest] = rows({ group_by: ["model"] });
    expect(rest).toEqual([]);
    expect(m1!.dims).toEqual({ model: "m1" });
    expect(m1!.response_count).toBe(6);
    expect(m1!.latency_p50_ms).toBe(600); // 100,200,500,700,800,1000
    expect(m1!.followup_rate).toBeCloseTo(2 / 5, 12);
    expect(m1!.good_answer_rate).toBeCloseTo(1 / 5, 12);
    expect(m1!.tool_success_rate).toBeCloseTo(1 / 2, 12);
    expect(m2!.dims).toEqual({ model: "m2" });
    expect(m2!.response_count).toBe(3);
    expect(m2!.thumbs_up_rate).toBe(1);
    expect(m2!.thumbs_down_rate).toBe(0);
    expect(m2!.followup_rate).toBe(0);
    expect(m2!.one_turn_resolution_rate).toBeCloseTo(1 / 3, 12);
    expect(m2!.tool_success_rate).toBe(1); // tc4; tc3 unfinished
    expect(m2!.tool_calls_unfinished).toBe(1);
  });
  it("group by two dimensions: rows sorted by dims in group_by order", () => {
    expect(
      rows({ group_by: ["channel", "model"] }).map((r) => [r.dims.channel, r.dims.model, r.response_count]),
    ).toEqual([
      ["slack", "m1", 1],
      ["slack", "m2", 1],
      ["web", "m1", 5],
      ["web", "m2", 2],
    ]);
  });
  it("5-minute buckets: only buckets with responses; unscoped tool calls by their own time", () => {
    const r = rows({ bucket: "5m" });
    expect(r.map((x) => [x.bucket_start, x.response_count])).toEqual([
      ["2026-11-30T10:00:00.000Z", 2],
      ["2026-11-30T10:05:00.000Z", 1],
      ["2026-11-30T10:10:00.000Z", 3],
      ["2026-11-30T10:15:00.000Z", 1],
      ["2026-11-30T10:20:00.000Z", 1],
      ["2026-11-30T10:25:00.000Z", 1],
    ]);
    expect(r.map((x) => x.tool_success_rate)).toEqual([0.5, 0.5, 1, null, null, null]);
    expect(r.map((x) => x.tool_calls_unfinished)).toEqual([1, 0, 0, 0, 0, 0]);
    expect(r[0]!.dims).toEqual({});
  });
  it("hour and day buckets: one bucket equal to the whole-range row", () => {
    const { bucket_start, ...h } = rows({ bucket: "hour" })[0]!;
    expect(bucket_start).toBe("2026-11-30T10:00:00.000Z");
    expect(h).toEqual(one());
    expect(rows({ bucket: "day" })[0]!.bucket_start).toBe("2026-11-30T00:00:00.000Z");
  });
  it("bucket + group_by: tool calls follow their response", () => {
    const r = rows({ bucket: "5m", group_by: ["model"] });
    const first = r[0]!; // 10:00 m1: rA, rB
    expect([first.bucket_start, first.dims.model, first.response_count]).toEqual(["2026-11-30T10:00:00.000Z", "m1", 2]);
    expect(first.tool_success_rate).toBe(0.5);
    const m2at5 = r.find((x) => x.bucket_start === "2026-11-30T10:05:00.000Z" && x.dims.model === "m2")!; // rC
    expect(m2at5.tool_calls_unfinished).toBe(1);
    expect(m2at5.tool_success_rate).toBeNull();
  });
  it("grouped counts add up to the whole-range counts", () => {
    const total = one();
    for (const g of ["model", "channel", "tool_used", "chat_type"] as const) {
      const rs = rows({ group_by: [g] });
      expect(rs.reduce((s, r) => s + r.response_count, 0)).toBe(total.response_count);
    }
  });
});

describe("dedup inside metrics", () => {
  it("re-delivered events and re-sent responses count once", () => {
    const e = new EventBuilder("t1");
    const r1 = e.response("r1", 0, { time_cost_ms: 100 });
    const r1b = e.response("r1", 5, { time_cost_ms: 300 });
    const m = referenceMetrics([r1, { ...r1 }, r1b, { ...r1b }], q()).rows[0]!;
    expect(m.response_count).toBe(1);
    expect(m.latency_p50_ms).toBe(300);
  });
});

describe("neutral ratings", () => {
  // rN rated down, then neutral by a score (0 on -1..1); rU rated up: neutral is rated, neither up nor down.
  const e = new EventBuilder("t-neutral");
  const events = [
    e.response("rN", 0),
    e.feedback(5, { target_id: "rN", rating: "down" }),
    e.feedback(9, { target_id: "rN", rating: undefined, score: 0, score_min: -1, score_max: 1 }),
    e.response("rU", 20, { session_id: "s2", user_id: "u1" }),
    e.feedback(25, { target_id: "rU", rating: "up" }),
  ];
  const [row] = referenceMetrics(events, { tenant_id: "t-neutral", ...FIX_RANGE }).rows;

  it("counts as rated and never as down or up", () => {
    expect(row!.sample_sizes.feedback_coverage).toBe(2);
    expect(row!.feedback_coverage).toBe(1);
    expect(row!.thumbs_down_rate).toBe(0);
    expect(row!.thumbs_up_rate).toBe(0.5);
    expect(row!.outcome_counts.neutral).toBe(1);
    expect(row!.outcome_counts.bad).toBe(0);
  });
});
