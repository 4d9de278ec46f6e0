import { describe, expect, it } from "vitest";
import { referenceAttribution } from "./attribution";
import { abandonmentCounts, intensityCounts } from "./attribution-signals";
import { EventBuilder } from "./builders";
import { generateEdgeCaseDataset } from "./dataset";
import { buildTenantState } from "./state";

const b = new EventBuilder("t1");
const range = { tenant_id: "t1", from: b.at(-1), to: b.at(3000) };
const down = (sec: number, target_id: string, more: { severity?: number; user_id?: string } = {}) =>
  b.feedback(sec, { target_id, rating: "down", ...more });
const retried = down(505, "r11", { severity: 5 });

// s1: r1 re-asked (bad), its re-ask r2 left without rating or follow-up: abandoned.
// s2: r3 re-asked (bad), r4 followed by r5 (neutral), r5 rated up: neither abandoned.
// s3, s5, s7, s8: rated down, no follow-up (bad, settled, not abandoned); s3 down twice, s5 down,
// cleared, down again, s8 down twice then up, s7 down once and its retry.
// s4: r7 rated down, its follow-up r8 is the newest answer, its window open: pending.
// s6: rated up by its owner, down twice by another user (not its rating). s9: up, then down once.
const events = [
  b.response("r1", 0, { session_id: "s1" }),
  b.response("r2", 60, { session_id: "s1", query_text: "try again please" }),
  b.response("r3", 100, { session_id: "s2" }),
  b.response("r4", 160, { session_id: "s2", query_text: "that's wrong" }),
  b.response("r5", 220, { session_id: "s2", query_text: "and the next step?" }),
  b.feedback(230, { target_id: "r5", rating: "up" }),
  b.response("r6", 300, { session_id: "s3" }),
  down(310, "r6", { severity: 2 }),
  down(320, "r6", { severity: 4 }),
  b.response("r7", 2000, { session_id: "s4" }),
  down(2005, "r7", { severity: 1 }),
  b.response("r9", 400, { session_id: "s5" }),
  down(410, "r9"),
  b.feedback(420, { target_id: "r9", rating: "cleared" }),
  down(430, "r9"),
  b.response("r10", 450, { session_id: "s6" }),
  down(455, "r10", { user_id: "u2" }),
  down(456, "r10", { user_id: "u2" }),
  b.feedback(460, { target_id: "r10", rating: "up" }),
  b.response("r11", 500, { session_id: "s7" }),
  retried,
  b.resend(retried, 507),
  b.response("r12", 550, { session_id: "s8" }),
  down(560, "r12"),
  down(570, "r12"),
  b.feedback(580, { target_id: "r12", rating: "up" }),
  b.response("r13", 600, { session_id: "s9" }),
  b.feedback(610, { target_id: "r13", rating: "up" }),
  down(620, "r13", { severity: 3 }),
  b.response("r8", 2100, { session_id: "s4" }),
];

describe("reference implicit-signal figures", () => {
  const result = referenceAttribution(events, range);

  it("counts a bad or neutral answer abandoned when the answer the user was left with got no word", () => {
    // bad or neutral: r1, r3, r4 (neutral), r6, r7, r9, r11, r13; r7's follow-up r8 still open.
    expect(result.abandonment_rate).toEqual({
      value: null,
      numerator: 1,
      denominator: 7,
      status: "insufficient_sample",
      answers: 8,
      pending: 1,
    });
  });

  it("averages the severity of current down ratings that carry one", () => {
    // Current downs: r6 (4, its earlier 2 revised), r7 (1), r9 (none), r11 (5; the retry is the same action), r13 (3).
    expect(result.down_rating_severity).toMatchObject({ numerator: 13, denominator: 4, rated_down: 5 });
  });

  it("counts the rated answers whose owner rated down more than once, whatever the rating now", () => {
    // Rated by their owner: r5, r6, r7, r9, r10, r11, r12, r13; down twice: r6, r9 (around a clear),
    // r12 (now up); not r13 (two actions, one down) nor r11 (one action and its retry).
    expect(result.repeated_down_rate).toMatchObject({ numerator: 3, denominator: 8 });
  });
});

describe("the data set's signal sessions (dataset-signals.ts)", () => {
  const dataset = generateEdgeCaseDataset(Number(process.env.REF_SEED ?? 42));

  it.each(dataset.tenants)("holds each case in %s", (tenant) => {
    const state = buildTenantState(dataset.events, tenant);
    const answer = (id: string) => [state.responses.get(id)!];
    const abandonment = (id: string) => abandonmentCounts(state, answer(id));
    expect(abandonment("r-sig-1-1")).toEqual({ answers: 1, settled: 1, abandoned: 1 });
    expect(abandonment("r-sig-2-1")).toEqual({ answers: 1, settled: 1, abandoned: 0 });
    expect(abandonment("r-sig-2-2")).toEqual({ answers: 1, settled: 1, abandoned: 1 });
    expect(state.labels.get("r-sig-3-1")!.label).toBe("neutral");
    expect(abandonment("r-sig-3-1")).toEqual({ answers: 1, settled: 1, abandoned: 0 });
    expect(intensityCounts(state, answer("r-sig-4-1"))).toEqual({
      rated: 1,
      ratedDown: 1,
      withSeverity: 1,
      severitySum: 5,
      repeatedDown: 1,
    });
    expect(intensityCounts(state, answer("r-sig-5-1"))).toMatchObject({
      ratedDown: 1,
      withSeverity: 0,
      repeatedDown: 1,
    });
    if (tenant === "t-globex") expect(abandonment("r-sig-6-1")).toEqual({ answers: 1, settled: 0, abandoned: 0 });
  });
});
