import { describe, expect, it } from "vitest";
import { EventBuilder } from "./builders";
import { buildTenantState, dedupEvents, isReask, REASK_PHRASES } from "./state";

describe("dedup by event_id", () => {
  it("keeps the first arrival of an event_id, per tenant", () => {
    const e = new EventBuilder("t1");
    const a = e.response("r1", 0, { model: "first" });
    const again = { ...a, model: "second" }; // same event_id, later arrival
    const other = { ...a, tenant_id: "t2" }; // same event_id in another tenant
    const out = dedupEvents([a, again, other]);
    expect(out).toHaveLength(2);
    expect(buildTenantState([a, again, other], "t1").responses.get("r1")!.dims.model).toBe("first");
    expect(buildTenantState([a, again, other], "t2").responses.size).toBe(1);
  });
});

describe("response reduction", () => {
  it("latest occurred_at wins, whatever the arrival order", () => {
    const e = new EventBuilder();
    const v1 = e.response("r1", 0, { finish_reason: "error" });
    const v2 = e.response("r1", 1, { finish_reason: "stop" });
    expect(buildTenantState([v2, v1], "t1").responses.get("r1")!.finish_reason).toBe("stop");
    expect(buildTenantState([v1, v2], "t1").responses.get("r1")!.finish_reason).toBe("stop");
  });
  it("ties on occurred_at: greatest event_id wins", () => {
    const e = new EventBuilder();
    const a = e.response("r1", 0, { model: "a" });
    const b = e.response("r1", 0, { model: "b" });
    expect(b.event_id > a.event_id).toBe(true);
    expect(buildTenantState([b, a], "t1").responses.get("r1")!.dims.model).toBe("b");
  });
  it("compares instants, not strings (zone offsets)", () => {
    const e = new EventBuilder();
    const a = e.response("r1", 0, { model: "z", occurred_at: "2026-11-30T10:00:01.000Z" });
    const b = e.response("r1", 0, { model: "offset", occurred_at: "2026-11-30T18:00:02.000+08:00" });
    expect(buildTenantState([a, b], "t1").responses.get("r1")!.dims.model).toBe("offset");
  });
  it("defaults: unknown dimensions, classifier for query_category, total_tokens = sum", () => {
    const e = new EventBuilder();
    const r = e.response("r1", 0, { query_text: "how to reset", prompt_tokens: 7, completion_tokens: 5 });
    const r2 = e.response("r2", 0, { query_category: "billing", total_tokens: 99 });
    const s = buildTenantState([r, r2], "t1", { classify: (t) => (t?.includes("how") ? "how_to" : "other") });
    const n = s.responses.get("r1")!;
    expect(n.dims).toEqual({
      model: "m1",
      provider: "p1",
      channel: "web",
      chat_type: "unknown",
      session_type: "unknown",
      language: "unknown",
      user_segment: "unknown",
      query_category: "how_to",
      prompt_version: "unknown",
      bot_version: "unknown",
      tool_used: "no",
    });
    expect(n.total_tokens).toBe(12);
    expect(s.responses.get("r2")!.dims.query_category).toBe("billing");
    expect(s.responses.get("r2")!.total_tokens).toBe(99);
    // Without a classifier, the reference's own rules: text that no rule matches is general_qa, no text unknown.
    expect(buildTenantState([r], "t1").responses.get("r1")!.dims.query_category).toBe("general_qa");
    expect(buildTenantState([r2, e.response("r4", 0)], "t1").responses.get("r4")!.dims.query_category).toBe("unknown");
    expect(buildTenantState([e.response("r3", 0, { tool_count: 2 })], "t1").responses.get("r3")!.dims.tool_used).toBe(
      "yes",
    );
  });
});

describe("tool-call reduction", () => {
  const call = (evs: ReturnType<EventBuilder["tool"]>[]) => {
    const s = buildTenantState(evs, "t1");
    expect(s.toolCalls).toHaveLength(1);
    return s.toolCalls[0]!;
  };
  it("started + completed: duration_ms when given", () => {
    const e = new EventBuilder();
    const c = call([e.tool("c", "started", 0), e.tool("c", "completed", 5, { duration_ms: 1234 })]);
    expect(c).toMatchObject({ status: "completed", start_inferred: false, duration_ms: 1234 });
  });
  it("started + failed without duration_ms: terminal - started", () => {
    const e = new EventBuilder();
    const c = call([e.tool("c", "failed", 5.5, { error_category: "timeout" }), e.tool("c", "started", 1)]);
    expect(c).toMatchObject({ status: "failed", duration_ms: 4500, error_category: "timeout", t: e.baseMs + 1000 });
  });
  it("terminal stamped before started: duration 0, never negative", () => {
    const e = new EventBuilder();
    expect(call([e.tool("c", "started", 10), e.tool("c", "completed", 9)]).duration_ms).toBe(0);
  });
  it("terminal without started: start_inferred, duration only from duration_ms", () => {
    const e = new EventBuilder();
    expect(call([e.tool("c", "completed", 3)])).toMatchObject({
      status: "completed",
      start_inferred: true,
      duration_ms: null,
    });
    expect(call([e.tool("d", "failed", 3, { duration_ms: 77 })])).toMatchObject({
      status: "failed",
      start_inferred: true,
      duration_ms: 77,
    });
  });
  it("started only: stays started, no duration", () => {
    const e = new EventBuilder();
    expect(call([e.tool("c", "started", 0)])).toMatchObject({
      status: "started",
      start_inferred: false,
      duration_ms: null,
    });
  });
  it("latest terminal wins (failed then completed, arriving reversed)", () => {
    const e = new EventBuilder();
    const done = e.tool("c", "completed", 9);
    const fail = e.tool("c", "failed", 5);
    expect(call([done, fail, e.tool("c", "started", 0)])).toMatchObject({ status: "completed", duration_ms: 9000 });
    const e2 = new EventBuilder();
    expect(call([e2.tool("c", "started", 0), e2.tool("c", "completed", 4), e2.tool("c", "failed", 8)]).status).toBe(
      "failed",
    );
  });
  it("terminal tie on occurred_at: greatest event_id wins", () => {
    const e = new EventBuilder();
    const a = e.tool("c", "completed", 4);
    const b = e.tool("c", "failed", 4);
    expect(call([b, a]).status).toBe("failed");
  });
  it("time = first event by occurred_at; response_id from any event", () => {
    const e = new EventBuilder();
    const c = call([e.tool("c", "completed", 9), e.tool("c", "started", 2, { response_id: "r1" })]);
    expect(c.t).toBe(e.baseMs + 2000);
    expect(c.response_id).toBe("r1");
    expect(call([e.tool("x", "started", 1)]).response_id).toBeNull();
  });
  it("the same tool_call_id in two tenants is two calls", () => {
    const a = new EventBuilder("t1");
    const b = new EventBuilder("t2", undefined, "x");
    const evs = [a.tool("c", "started", 0), b.tool("c", "failed", 5)];
    expect(buildTenantState(evs, "t1").toolCalls[0]!.status).toBe("started");
    expect(buildTenantState(evs, "t2").toolCalls[0]!).toMatchObject({ status: "failed", start_inferred: true });
  });
  it("diagnostic calls reduce the same way", () => {
    const e = new EventBuilder();
    const c = call([
      e.tool("c", "started", 0, { diagnostic_task_id: "d1" }),
      e.tool("c", "completed", 1, { diagnostic_task_id: "d1" }),
    ]);
    expect(c).toMatchObject({ diagnostic_task_id: "d1", session_id: null, response_id: null, duration_ms: 1000 });
  });
});

describe("feedback: current rating, retries, conflicts, revisions", () => {
  it("latest by occurred_at is current; revisions counted", () => {
    const e = new EventBuilder();
    const r = e.response("r1", 0);
    const s = buildTenantState(
      [r, e.feedback(30, { target_id: "r1", rating: "down" }), e.feedback(10, { target_id: "r1", rating: "up" })],
      "t1",
    );
    expect(s.explicitRating.get("r1")).toBe("down");
    expect([...s.currentFeedback.values()][0]!.actions).toBe(2);
  });
  it("cleared removes the rating", () => {
    const e = new EventBuilder();
    const s = buildTenantState(
      [
        e.response("r1", 0),
        e.feedback(1, { target_id: "r1", rating: "up" }),
        e.feedback(2, { target_id: "r1", rating: "cleared" }),
      ],
      "t1",
    );
    expect(s.explicitRating.has("r1")).toBe(false);
    expect([...s.currentFeedback.values()][0]!.rating).toBe("cleared");
  });
  it("retry (same client_feedback_id, same content) counts once", () => {
    const e = new EventBuilder();
    const f = e.feedback(1, { target_id: "r1", rating: "up", reason: "x" });
    const s = buildTenantState([e.response("r1", 0), f, e.resend(f, 5), e.resend(f, 6)], "t1");
    expect(s.accepted).toHaveLength(1);
    expect(s.retries).toHaveLength(2);
    expect(s.conflicts).toHaveLength(0);
    expect([...s.currentFeedback.values()][0]!.actions).toBe(1);
  });
  it("conflict: first to arrive stays, later different content is excluded and counted", () => {
    const e = new EventBuilder();
    const first = e.feedback(10, { target_id: "r1", rating: "down", client_feedback_id: "k" });
    const earlierButLater = e.feedback(5, { target_id: "r1", rating: "up", client_feedback_id: "k" });
    const reasonOnly = e.feedback(20, { target_id: "r1", rating: "down", client_feedback_id: "k", reason: "other" });
    const s = buildTenantState([e.response("r1", 0), first, earlierButLater, reasonOnly], "t1");
    expect(s.explicitRating.get("r1")).toBe("down");
    expect(s.conflicts.map((c) => c.event_id)).toEqual([earlierButLater.event_id, reasonOnly.event_id]);
  });
  it("client_feedback_id is scoped per user", () => {
    const e = new EventBuilder();
    const a = e.feedback(1, { target_id: "r1", rating: "up", client_feedback_id: "k" });
    const b = e.feedback(2, { target_id: "r2", rating: "down", client_feedback_id: "k", user_id: "u2" });
    const s = buildTenantState(
      [e.response("r1", 0), e.response("r2", 0, { user_id: "u2", session_id: "s2" }), a, b],
      "t1",
    );
    expect(s.conflicts).toHaveLength(0);
    expect(s.explicitRating.get("r2")).toBe("down");
  });
});

describe("feedback verification", () => {
  const v = (evs: Parameters<typeof buildTenantState>[0]) =>
    [...buildTenantState(evs, "t1").currentFeedback.values()].map((c) => c.verification);
  it("owner on an existing response: verified", () => {
    const e = new EventBuilder();
    expect(v([e.response("r1", 0), e.feedback(1, { target_id: "r1", rating: "up" })])).toEqual(["verified"]);
  });
  it("response missing: unverified; becomes verified when it arrives (any order)", () => {
    const e = new EventBuilder();
    const f = e.feedback(1, { target_id: "r1", rating: "up" });
    expect(v([f])).toEqual(["unverified"]);
    expect(v([f, e.response("r1", 0)])).toEqual(["verified"]);
  });
  it("another user: forbidden", () => {
    const e = new EventBuilder();
    expect(v([e.response("r1", 0), e.feedback(1, { target_id: "r1", rating: "up", user_id: "u2" })])).toEqual([
      "forbidden",
    ]);
  });
  it("citation: subject in citation_ids verified, not in it forbidden", () => {
    const e = new EventBuilder();
    const r = e.response("r1", 0, { citation_ids: ["c1", "c2"] });
    expect(v([r, e.feedback(1, { target_id: "r1", rating: "up", target_type: "citation", subject_id: "c2" })])).toEqual(
      ["verified"],
    );
    expect(v([r, e.feedback(1, { target_id: "r1", rating: "up", target_type: "citation", subject_id: "c9" })])).toEqual(
      ["forbidden"],
    );
    expect(
      v([
        e.response("r2", 0),
        e.feedback(1, { target_id: "r2", rating: "up", target_type: "citation", subject_id: "c1" }),
      ]),
    ).toEqual(["forbidden"]);
  });
  it("a response of another tenant does not verify", () => {
    const other = new EventBuilder("t2", undefined, "x");
    const e = new EventBuilder();
    expect(v([other.response("r1", 0), e.feedback(1, { target_id: "r1", rating: "up" })])).toEqual(["unverified"]);
  });
  it("diagnostic targets are not ownership-checked (verified)", () => {
    const e = new EventBuilder();
    expect(
      v([
        e.feedback(1, {
          target_id: "d1-step-1",
          rating: "up",
          target_type: "diagnostic_step",
          diagnostic_task_id: "d1",
        }),
      ]),
    ).toEqual(["verified"]);
  });
  it("only a verified chat_message rating is the explicit rating", () => {
    const e = new EventBuilder();
    const s = buildTenantState(
      [
        e.response("r1", 0, { citation_ids: ["c1"] }),
        e.feedback(1, { target_id: "r1", rating: "down", user_id: "u2" }),
        e.feedback(2, { target_id: "r1", rating: "down", target_type: "citation", subject_id: "c1" }),
      ],
      "t1",
    );
    expect(s.explicitRating.has("r1")).toBe(false);
  });
});

describe("re-ask phrases", () => {
  it.each(REASK_PHRASES.map((p) => [p]))("matches %s in mixed case inside a sentence", (p) => {
    const mixed = [...p].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join("");
    expect(isReask(`hmm, ${mixed}!`)).toBe(true);
  });
  it("reads the typographic apostrophe as an ASCII one", () => {
    expect(isReask("That\u2019s WRONG")).toBe(true);
  });
  it("accepts a custom phrase list", () => {
    expect(isReask("you misunderstood me", ["you misunderstood"])).toBe(true);
    expect(isReask("you misunderstood me")).toBe(false);
  });
  it("does not match ordinary text or missing text", () => {
    expect(isReask("how do I reset my password")).toBe(false);
    expect(isReask("谢谢，下一步呢？")).toBe(false);
    expect(isReask("the answer is wrong-ish")).toBe(false);
    expect(isReask(undefined)).toBe(false);
  });
});
