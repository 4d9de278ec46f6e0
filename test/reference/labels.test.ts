import { describe, expect, it } from "vitest";
import { EventBuilder } from "./builders";
import { referenceLabels } from "./labels";
import { allScenarios, scenario } from "./scenarios";
import { decideLabel } from "./state";

describe("label scenarios (one rule each)", () => {
  it.each(allScenarios().map((s) => [s.name, s]))("%s", (_name, s) => {
    const l = referenceLabels(s.events, s.tenant_id).get(s.response_id);
    expect(l).toBeDefined();
    expect({ label: l!.label, label_reason: l!.label_reason }).toEqual(s.expected);
  });

  it.each(
    allScenarios()
      .filter((s) => s.before)
      .map((s) => [s.name, s]),
  )("%s: the label changes when the late input arrives", (_name, s) => {
    const before = referenceLabels(s.before!.events, s.tenant_id).get(s.response_id)!;
    const after = referenceLabels(s.events, s.tenant_id).get(s.response_id)!;
    expect({ label: before.label, label_reason: before.label_reason }).toEqual(s.before!.expected);
    expect({ label: after.label, label_reason: after.label_reason }).toEqual(s.expected);
    expect(after.label).not.toBe(before.label);
  });
});

describe("label precedence (decideLabel truth table)", () => {
  const base = {
    finish_reason: "stop",
    rating: null,
    has_followup: false,
    is_reask: false,
    window_closed: false,
    has_failed_tool: false,
  } as const;
  it.each([
    [
      "failed beats down + reask",
      { finish_reason: "no_reply", rating: "down", has_followup: true, is_reask: true, window_closed: true },
      "failed",
      "finish_reason_failed",
    ],
    [
      "down beats reask",
      { rating: "down", has_followup: true, is_reask: true, window_closed: true },
      "bad",
      "rated_down",
    ],
    [
      "reask beats up",
      { rating: "up", has_followup: true, is_reask: true, window_closed: true },
      "bad",
      "reask_followup",
    ],
    [
      "up without failed tools beats closed window",
      { rating: "up", window_closed: true },
      "excellent",
      "rated_up_no_failed_tools",
    ],
    ["up with a failed tool", { rating: "up", has_failed_tool: true }, "good", "rated_up"],
    [
      "up with a failed tool and a non-reask follow-up",
      { rating: "up", has_failed_tool: true, has_followup: true, window_closed: true },
      "good",
      "rated_up",
    ],
    ["closed, no follow-up", { window_closed: true }, "good", "window_closed_no_followup"],
    [
      "closed, no follow-up, failed tool (no rating)",
      { window_closed: true, has_failed_tool: true },
      "good",
      "window_closed_no_followup",
    ],
    ["follow-up not re-ask", { window_closed: true, has_followup: true }, "neutral", "followup_not_reask"],
    ["open window, no rating", {}, "pending", "window_open"],
    ["length is not a failure", { finish_reason: "length" }, "pending", "window_open"],
  ] as const)("%s", (_n, over, label, reason) => {
    expect(decideLabel({ ...base, ...over })).toEqual({ label, label_reason: reason });
  });
});

describe("follow-up and window details", () => {
  it("the window closes by the newest event of ANY kind of the tenant (here a tool call)", () => {
    const e = new EventBuilder();
    const r = e.response("r1", 0);
    const toolLate = e.tool("c9", "started", 600, { session_id: "other", user_id: "u5" });
    expect(referenceLabels([r], "t1").get("r1")!.window_closed).toBe(false);
    expect(referenceLabels([r, toolLate], "t1").get("r1")).toMatchObject({ window_closed: true, label: "good" });
  });
  it("a feedback event can close the window too", () => {
    const e = new EventBuilder();
    expect(
      referenceLabels(
        [e.response("r1", 0), e.feedback(700, { target_id: "zzz", rating: "up", user_id: "u5" })],
        "t1",
      ).get("r1")!.window_closed,
    ).toBe(true);
  });
  it("another tenant's events do not close the window", () => {
    const e = new EventBuilder();
    const o = new EventBuilder("t2", undefined, "x");
    expect(referenceLabels([e.response("r1", 0), o.response("r1", 9999)], "t1").get("r1")!.window_closed).toBe(false);
  });
  it("follow-up is found over all data, with its id; only within the same session", () => {
    const e = new EventBuilder();
    const labels = referenceLabels(
      [
        e.response("r1", 0),
        e.response("r2", 100, { session_id: "s2" }),
        e.response("r3", 200, { query_text: "thanks" }),
      ],
      "t1",
    );
    expect(labels.get("r1")).toMatchObject({ followup_response_id: "r3", is_reask: false, label: "neutral" });
    expect(labels.get("r2")).toMatchObject({ followup_response_id: null });
  });
  it("follow-up order uses occurred_at, not arrival", () => {
    const e = new EventBuilder();
    const r3 = e.response("r3", 300, { query_text: "try again" });
    const r2 = e.response("r2", 100, { query_text: "ok" });
    const labels = referenceLabels([r3, e.response("r1", 0), r2], "t1");
    expect(labels.get("r1")!.followup_response_id).toBe("r2");
    expect(labels.get("r2")).toMatchObject({ followup_response_id: "r3", is_reask: true, label: "bad" });
  });
  it("the explicit rating and failed tools are reported", () => {
    const s = scenario.ratedUpWithFailedTool();
    expect(referenceLabels(s.events, s.tenant_id).get("r1")).toMatchObject({
      explicit_rating: "up",
      has_failed_tool: true,
    });
  });
  it("a failed call of another tenant with the same response_id does not count", () => {
    const e = new EventBuilder();
    const o = new EventBuilder("t2", undefined, "x");
    const evs = [
      e.response("r1", 0),
      e.feedback(1, { target_id: "r1", rating: "up" }),
      o.tool("c1", "failed", -1, { response_id: "r1" }),
    ];
    expect(referenceLabels(evs, "t1").get("r1")!.label).toBe("excellent");
  });
});
