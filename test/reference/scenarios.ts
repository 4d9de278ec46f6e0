// Hand-written one-rule scenarios for label tests. Each returns the events (arrival order), the
// response to look at and its expected label. `before` (when present) is an earlier state of the
// same story (a prefix of `events`) with the label expected at that point.
import { EventBuilder } from "./builders";
import type { FinishReason, Label, LabelReason, RawEvent } from "./types";

export interface Scenario {
  name: string;
  tenant_id: string;
  response_id: string;
  events: RawEvent[];
  expected: { label: Label; label_reason: LabelReason };
  before?: { events: RawEvent[]; expected: { label: Label; label_reason: LabelReason } };
}

const R = "r1";

function b(): EventBuilder {
  return new EventBuilder("t-scn");
}

/** a response of another session/user at `sec`: moves the tenant's newest occurred_at */
function clock(e: EventBuilder, sec: number): RawEvent {
  return e.response(`clock-${sec}`, sec, { session_id: "s-clock", user_id: "u-clock" });
}

function make(
  name: string,
  events: RawEvent[],
  label: Label,
  label_reason: LabelReason,
  before?: Scenario["before"],
): Scenario {
  return {
    name,
    tenant_id: "t-scn",
    response_id: R,
    events,
    expected: { label, label_reason },
    ...(before ? { before } : {}),
  };
}

export const scenario = {
  /** finish_reason error / max_iterations / no_reply / cancelled beats even an up rating */
  failedFinishReason(
    reason: Extract<FinishReason, "error" | "max_iterations" | "no_reply" | "cancelled"> = "error",
  ): Scenario {
    const e = b();
    return make(
      `failed_${reason}`,
      [e.response(R, 0, { finish_reason: reason }), e.feedback(5, { target_id: R, rating: "up" }), clock(e, 700)],
      "failed",
      "finish_reason_failed",
    );
  },
  /** failed precedes bad */
  failedBeatsRatedDown(): Scenario {
    const e = b();
    return make(
      "failed_beats_rated_down",
      [e.response(R, 0, { finish_reason: "cancelled" }), e.feedback(5, { target_id: R, rating: "down" })],
      "failed",
      "finish_reason_failed",
    );
  },
  /** finish_reason length is not a failure */
  lengthIsNotFailed(): Scenario {
    const e = b();
    return make(
      "length_not_failed",
      [e.response(R, 0, { finish_reason: "length" }), clock(e, 600)],
      "good",
      "window_closed_no_followup",
    );
  },
  ratedDown(): Scenario {
    const e = b();
    return make(
      "rated_down",
      [e.response(R, 0), e.feedback(5, { target_id: R, rating: "down", reason: "incorrect" })],
      "bad",
      "rated_down",
    );
  },
  /** rated down and re-asked: rated_down is the reason */
  ratedDownAndReask(): Scenario {
    const e = b();
    return make(
      "rated_down_and_reask",
      [
        e.response(R, 0),
        e.response("r2", 60, { query_text: "答非所问" }),
        e.feedback(5, { target_id: R, rating: "down" }),
      ],
      "bad",
      "rated_down",
    );
  },
  reaskFollowup(text = "That is WRONG, try again"): Scenario {
    const e = b();
    return make(
      "reask_followup",
      [e.response(R, 0), e.response("r2", 120, { query_text: text })],
      "bad",
      "reask_followup",
    );
  },
  /** a re-ask beats an up rating */
  ratedUpWithReask(): Scenario {
    const e = b();
    return make(
      "rated_up_with_reask",
      [
        e.response(R, 0),
        e.feedback(5, { target_id: R, rating: "up" }),
        e.response("r2", 30, { query_text: "你没回答我" }),
      ],
      "bad",
      "reask_followup",
    );
  },
  ratedUpNoFailedTools(): Scenario {
    const e = b();
    return make(
      "rated_up_no_failed_tools",
      [
        e.tool("tc1", "started", -5, { response_id: R }),
        e.tool("tc1", "completed", -3, { response_id: R }),
        e.tool("tc2", "started", -2, { response_id: R }), // unfinished is not failed
        e.response(R, 0, { tool_count: 2, tools_used_names: ["search"] }),
        e.feedback(5, { target_id: R, rating: "up" }),
      ],
      "excellent",
      "rated_up_no_failed_tools",
    );
  },
  ratedUpWithFailedTool(): Scenario {
    const e = b();
    return make(
      "rated_up_with_failed_tool",
      [
        e.tool("tc1", "started", -5, { response_id: R }),
        e.tool("tc1", "failed", -3, { response_id: R, error_category: "timeout" }),
        e.response(R, 0, { tool_count: 1, tools_used_names: ["search"] }),
        e.feedback(5, { target_id: R, rating: "up" }),
      ],
      "good",
      "rated_up",
    );
  },
  /** a failed attempt later superseded by a completed terminal (latest terminal wins) is not a failed tool */
  ratedUpFailedThenCompleted(): Scenario {
    const e = b();
    return make(
      "rated_up_failed_then_completed",
      [
        e.tool("tc1", "completed", -1, { response_id: R }), // arrives first, latest occurred_at
        e.tool("tc1", "failed", -3, { response_id: R }),
        e.tool("tc1", "started", -5, { response_id: R }),
        e.response(R, 0, { tool_count: 1, tools_used_names: ["search"] }),
        e.feedback(5, { target_id: R, rating: "up" }),
      ],
      "excellent",
      "rated_up_no_failed_tools",
    );
  },
  windowClosedNoFollowup(): Scenario {
    const e = b();
    return make("window_closed_no_followup", [e.response(R, 0), clock(e, 600)], "good", "window_closed_no_followup");
  },
  followupNotReask(): Scenario {
    const e = b();
    return make(
      "followup_not_reask",
      [e.response(R, 0), e.response("r2", 300, { query_text: "and what about Tuesday?" })],
      "neutral",
      "followup_not_reask",
    );
  },
  windowOpen(): Scenario {
    const e = b();
    return make("window_open", [e.response(R, 0), clock(e, 599.999)], "pending", "window_open");
  },
  /** the next response exactly 600 s later is a follow-up (inclusive) */
  followupAtExactly600s(): Scenario {
    const e = b();
    return make(
      "followup_at_600s",
      [e.response(R, 0), e.response("r2", 600, { query_text: "not what I asked" })],
      "bad",
      "reask_followup",
    );
  },
  /** 600.001 s later is not a follow-up; the window is closed by then */
  nextResponseAfter600s(): Scenario {
    const e = b();
    return make(
      "next_after_600001ms",
      [e.response(R, 0), e.response("r2", 600.001, { query_text: "not what I asked" })],
      "good",
      "window_closed_no_followup",
    );
  },
  /** the follow-up is the NEXT response only: a re-ask two turns later does not count */
  onlyNextResponseIsFollowup(): Scenario {
    const e = b();
    return make(
      "only_next_is_followup",
      [
        e.response(R, 0),
        e.response("r2", 60, { query_text: "thanks" }),
        e.response("r3", 120, { query_text: "try again" }),
      ],
      "neutral",
      "followup_not_reask",
    );
  },
  /** the same session_id in another tenant is not a follow-up */
  otherTenantIsNoFollowup(): Scenario {
    const e = b();
    const other = new EventBuilder("t-other", "2026-11-30T10:00:00.000Z", "x");
    return make(
      "other_tenant_no_followup",
      [e.response(R, 0), other.response("r2", 60, { query_text: "try again" }), other.response("clock", 900)],
      "pending",
      "window_open",
    );
  },
  forbiddenRatingIgnored(): Scenario {
    const e = b();
    return make(
      "forbidden_rating_ignored",
      [e.response(R, 0), e.feedback(5, { target_id: R, rating: "down", user_id: "u-intruder" })],
      "pending",
      "window_open",
    );
  },
  citationRatingIsNotExplicit(): Scenario {
    const e = b();
    return make(
      "citation_rating_not_explicit",
      [
        e.response(R, 0, { citation_ids: ["c1"] }),
        e.feedback(5, { target_id: R, rating: "down", target_type: "citation", subject_id: "c1" }),
      ],
      "pending",
      "window_open",
    );
  },
  clearedRating(): Scenario {
    const e = b();
    return make(
      "cleared_rating",
      [
        e.response(R, 0),
        e.feedback(5, { target_id: R, rating: "down" }),
        e.feedback(9, { target_id: R, rating: "cleared" }),
      ],
      "pending",
      "window_open",
    );
  },
  revisedRating(): Scenario {
    const e = b();
    // the revision arrives first but occurred later: occurred_at decides
    const first = e.feedback(5, { target_id: R, rating: "up" });
    const revision = e.feedback(50, { target_id: R, rating: "down" });
    return make("revised_rating", [e.response(R, 0), revision, first], "bad", "rated_down");
  },
  /** two actions with the same occurred_at: the greatest event_id wins */
  ratingTieGreatestEventId(): Scenario {
    const e = b();
    const x = e.feedback(5, { target_id: R, rating: "down" });
    const y = e.feedback(5, { target_id: R, rating: "up" }); // greater event_id
    return make("rating_tie", [e.response(R, 0), y, x], "excellent", "rated_up_no_failed_tools");
  },
  /** same client_feedback_id with different content arriving later is excluded (even though it occurred later) */
  conflictingFeedbackIgnored(): Scenario {
    const e = b();
    const first = e.feedback(5, { target_id: R, rating: "up", client_feedback_id: "cf-x" });
    const conflict = e.feedback(50, { target_id: R, rating: "down", client_feedback_id: "cf-x" });
    return make("conflict_ignored", [e.response(R, 0), first, conflict], "excellent", "rated_up_no_failed_tools");
  },
  /** a retry is the same action: it does not overtake a later different action */
  retryDoesNotOvertake(): Scenario {
    const e = b();
    const a = e.feedback(5, { target_id: R, rating: "up", client_feedback_id: "cf-a" });
    const down = e.feedback(20, { target_id: R, rating: "down", client_feedback_id: "cf-b" });
    return make("retry_does_not_overtake", [e.response(R, 0), a, down, e.resend(a, 40)], "bad", "rated_down");
  },
  /** a rating that arrives before its response becomes verified when the response arrives */
  feedbackBeforeResponse(): Scenario {
    const e = b();
    const fb = e.feedback(5, { target_id: R, rating: "up" });
    const resp = e.response(R, 0);
    return make("feedback_before_response", [fb, resp], "excellent", "rated_up_no_failed_tools");
  },
  /** the latest version of a response wins: an error re-sent as stop */
  responseLatestVersionWins(): Scenario {
    const e = b();
    const v2 = e.response(R, 1, { finish_reason: "stop" });
    const v1 = e.response(R, 0, { finish_reason: "error" });
    return make("response_latest_version_wins", [v2, v1, clock(e, 700)], "good", "window_closed_no_followup");
  },
  /** pending -> excellent when a rating arrives late */
  lateRating(): Scenario {
    const e = b();
    const base = [e.response(R, 0), clock(e, 100)];
    return make(
      "late_rating",
      [...base, e.feedback(200, { target_id: R, rating: "up" })],
      "excellent",
      "rated_up_no_failed_tools",
      {
        events: base,
        expected: { label: "pending", label_reason: "window_open" },
      },
    );
  },
  /** good (window closed) -> bad when a down rating arrives hours later */
  lateDownRatingAfterClose(): Scenario {
    const e = b();
    const base = [e.response(R, 0), clock(e, 700)];
    return make(
      "late_down_after_close",
      [...base, e.feedback(7200, { target_id: R, rating: "down" })],
      "bad",
      "rated_down",
      {
        events: base,
        expected: { label: "good", label_reason: "window_closed_no_followup" },
      },
    );
  },
  /** pending -> bad when a late-arriving re-ask follow-up (occurred within 10 min) shows up */
  lateFollowup(): Scenario {
    const e = b();
    const base = [e.response(R, 0), clock(e, 300)];
    return make(
      "late_followup",
      [...base, e.response("r2", 240, { query_text: "还是不对" })],
      "bad",
      "reask_followup",
      {
        events: base,
        expected: { label: "pending", label_reason: "window_open" },
      },
    );
  },
  /** good (closed, no follow-up) -> neutral when a delayed follow-up that occurred within 10 min arrives */
  lateFollowupAfterClose(): Scenario {
    const e = b();
    const base = [e.response(R, 0), clock(e, 900)];
    return make(
      "late_followup_after_close",
      [...base, e.response("r2", 599, { query_text: "ok, and the next step?" })],
      "neutral",
      "followup_not_reask",
      {
        events: base,
        expected: { label: "good", label_reason: "window_closed_no_followup" },
      },
    );
  },
  /** excellent -> good when a failed tool call of the response arrives late */
  lateFailedTool(): Scenario {
    const e = b();
    const base = [
      e.response(R, 0, { tool_count: 1, tools_used_names: ["search"] }),
      e.feedback(5, { target_id: R, rating: "up" }),
    ];
    return make(
      "late_failed_tool",
      [...base, e.tool("tc9", "failed", -2, { response_id: R, error_category: "upstream" })],
      "good",
      "rated_up",
      {
        events: base,
        expected: { label: "excellent", label_reason: "rated_up_no_failed_tools" },
      },
    );
  },
  /** down, then neutral by the same user (a score at the midpoint of -1..1, no rating sent): no longer bad */
  downThenNeutralScore(): Scenario {
    const e = b();
    const base = [e.response(R, 0), e.feedback(5, { target_id: R, rating: "down", reason: "incorrect" })];
    return make(
      "down_then_neutral_score",
      [...base, e.feedback(50, { target_id: R, rating: undefined, score: 0, score_min: -1, score_max: 1 })],
      "neutral",
      "rated_neutral",
      { events: base, expected: { label: "bad", label_reason: "rated_down" } },
    );
  },
  /** a neutral rating is final while the window is still open, and beats "no follow-up" */
  neutralRatingOpenWindow(): Scenario {
    const e = b();
    return make(
      "neutral_rating_open_window",
      [e.response(R, 0), e.feedback(5, { target_id: R, rating: "neutral" })],
      "neutral",
      "rated_neutral",
    );
  },
  /** a re-ask beats a neutral rating, as it beats an up rating */
  reaskBeatsNeutral(): Scenario {
    const e = b();
    return make(
      "reask_beats_neutral",
      [
        e.response(R, 0),
        e.feedback(5, { target_id: R, rating: undefined, score: 3, score_min: 1, score_max: 5 }),
        e.response("r2", 30, { query_text: "that is wrong" }),
      ],
      "bad",
      "reask_followup",
    );
  },
  /** a score above the midpoint is up: 4 of 1..5 with its rating sent too */
  scoredUp(): Scenario {
    const e = b();
    return make(
      "scored_up",
      [e.response(R, 0), e.feedback(5, { target_id: R, rating: "up", score: 4, score_min: 1, score_max: 5 })],
      "excellent",
      "rated_up_no_failed_tools",
    );
  },
};

export type ScenarioName = keyof typeof scenario;

/** every scenario with its default arguments, plus each failed finish_reason */
export function allScenarios(): Scenario[] {
  const out: Scenario[] = [];
  for (const [name, fn] of Object.entries(scenario) as [ScenarioName, () => Scenario][]) {
    if (name === "failedFinishReason") continue;
    out.push(fn());
  }
  for (const r of ["error", "max_iterations", "no_reply", "cancelled"] as const)
    out.push(scenario.failedFinishReason(r));
  return out;
}
