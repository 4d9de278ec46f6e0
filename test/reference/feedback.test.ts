import { describe, expect, it } from "vitest";
import { EventBuilder } from "./builders";
import { referenceFeedbackTargets } from "./feedback";

function story() {
  const e = new EventBuilder("t1");
  const evs = [
    e.response("r1", 0, { citation_ids: ["c1"] }),
    e.response("r2", 0, { session_id: "s2", user_id: "u2" }),
    // u1 on r1: up -> down -> up (2 revisions), with a retry of the first action and a conflict
    e.feedback(10, { target_id: "r1", rating: "up", client_feedback_id: "k1" }),
    e.feedback(20, { target_id: "r1", rating: "down", client_feedback_id: "k2" }),
    e.feedback(3600 * 2, { target_id: "r1", rating: "up", client_feedback_id: "k3" }),
  ];
  evs.push(e.resend(evs[2] as never, 11)); // retry of k1
  evs.push(e.feedback(30, { target_id: "r1", rating: "down", client_feedback_id: "k1" })); // conflict on k1
  evs.push(
    // u2 on r2: down then cleared (1 revision, no current rating)
    e.feedback(10, { target_id: "r2", rating: "down", user_id: "u2" }),
    e.feedback(15, { target_id: "r2", rating: "cleared", user_id: "u2" }),
    // u2 on r1: forbidden
    e.feedback(12, { target_id: "r1", rating: "down", user_id: "u2" }),
    // citations: c1 verified, c9 forbidden
    e.feedback(13, { target_id: "r1", rating: "up", target_type: "citation", subject_id: "c1" }),
    e.feedback(14, { target_id: "r1", rating: "down", target_type: "citation", subject_id: "c9" }),
    // missing response: unverified
    e.feedback(16, { target_id: "r404", rating: "up", user_id: "u3" }),
    // diagnostic step and report
    e.feedback(17, {
      target_id: "d1-step-1",
      rating: "down",
      target_type: "diagnostic_step",
      diagnostic_task_id: "d1",
    }),
    e.feedback(18, { target_id: "d1", rating: "up", target_type: "diagnostic_report", diagnostic_task_id: "d1" }),
  );
  return evs;
}

describe("referenceFeedbackTargets", () => {
  it("counts current ratings by type, rating and verification, plus revisions, conflicts, retries", () => {
    expect(referenceFeedbackTargets(story(), "t1")).toEqual({
      rows: [
        { target_type: "chat_message", rating: "up", verification: "verified", count: 1 },
        { target_type: "chat_message", rating: "up", verification: "unverified", count: 1 },
        { target_type: "chat_message", rating: "down", verification: "forbidden", count: 1 },
        { target_type: "citation", rating: "up", verification: "verified", count: 1 },
        { target_type: "citation", rating: "down", verification: "forbidden", count: 1 },
        { target_type: "diagnostic_step", rating: "down", verification: "verified", count: 1 },
        { target_type: "diagnostic_report", rating: "up", verification: "verified", count: 1 },
      ],
      revisions: 3,
      conflicts: 1,
      retries: 1,
    });
  });
  it("with a range: current ratings by their latest action, revisions/conflicts/retries by their own time", () => {
    const r = referenceFeedbackTargets(story(), "t1", {
      from: "2026-11-30T10:00:00.000Z",
      to: "2026-11-30T11:00:00.000Z",
    });
    // u1's r1 rating is current since 12:00 -> outside; its revision at 12:00 too
    expect(r.rows.find((x) => x.target_type === "chat_message" && x.verification === "verified")).toBeUndefined();
    expect(r.revisions).toBe(2);
    expect(r.conflicts).toBe(1);
    expect(r.retries).toBe(1);
  });
  it("another tenant sees nothing", () => {
    expect(referenceFeedbackTargets(story(), "t2")).toEqual({ rows: [], revisions: 0, conflicts: 0, retries: 0 });
  });
});
