import { describe, expect, it } from "vitest";
import { DATASET_RANGE, generateEdgeCaseDataset } from "./dataset";
import { referenceMetrics } from "./metrics";
import { buildTenantState, FOLLOWUP_WINDOW_MS, REASK_PHRASES } from "./state";
import {
  RESPONSE_DIMENSIONS,
  type Dimension,
  type MetricsQuery,
  type RawEvent,
  type ResponseCompletedEvent,
} from "./types";
import { ms } from "./util";
import { validateEvent } from "./validate";

const SEED = Number(process.env.REF_SEED ?? 42);
const DS = generateEdgeCaseDataset(SEED);
const [ACME, GLOBEX] = DS.tenants as [string, string];
const states = Object.fromEntries(DS.tenants.map((t) => [t, buildTenantState(DS.events, t)]));
const responsesOf = (t: string) =>
  DS.events.filter((e): e is ResponseCompletedEvent => e.tenant_id === t && e.event_type === "response_completed");

describe("generator basics", () => {
  it("is deterministic from the seed", () => {
    expect(JSON.stringify(generateEdgeCaseDataset(SEED).events)).toBe(JSON.stringify(DS.events));
    expect(JSON.stringify(generateEdgeCaseDataset(SEED + 1).events)).not.toBe(JSON.stringify(DS.events));
  });
  it("a few thousand events, 2 tenants, a 2-day range", () => {
    expect(DS.events.length).toBeGreaterThan(3000);
    expect(DS.events.length).toBeLessThan(12000);
    expect(DS.tenants).toEqual(["t-acme", "t-globex"]);
    expect(DS.range).toEqual(DATASET_RANGE);
    expect(ms(DS.range.to) - ms(DS.range.from)).toBe(2 * 86_400_000);
  });
  it("every event is valid per docs/events.md", () => {
    const problems = DS.events.flatMap((e) => validateEvent(e).map((p) => `${e.event_id}: ${p}`));
    expect(problems).toEqual([]);
  });
  it("the newest event of each tenant is a response at hints.newest", () => {
    for (const t of DS.tenants) {
      const evs = DS.events.filter((e) => e.tenant_id === t);
      const max = Math.max(...evs.map((e) => ms(e.occurred_at)));
      expect(max).toBe(ms(DS.hints.newest[t]!));
      expect(evs.filter((e) => ms(e.occurred_at) === max).every((e) => e.event_type === "response_completed")).toBe(
        true,
      );
    }
  });
});

describe("edge cases are present", () => {
  it("duplicates by event_id, delivered later", () => {
    for (const t of DS.tenants)
      expect(DS.events.filter((e) => e.tenant_id === t).length - states[t]!.events.length).toBeGreaterThan(50);
  });
  it("out-of-order arrival (an event arriving after one that occurred over an hour later)", () => {
    let maxSeen = -Infinity;
    let late = 0;
    for (const e of DS.events) {
      const t = ms(e.occurred_at);
      if (t < maxSeen - 3_600_000) late++;
      maxSeen = Math.max(maxSeen, t);
    }
    expect(late).toBeGreaterThan(20);
  });
  it("tool-call lifecycles: terminal-only, started-only, no response_id, missing response, diagnostic", () => {
    for (const t of DS.tenants) {
      const calls = states[t]!.toolCalls;
      expect(calls.filter((c) => c.start_inferred).length).toBeGreaterThan(10);
      expect(calls.filter((c) => c.status === "started").length).toBeGreaterThan(10);
      expect(calls.filter((c) => c.response_id === null && c.session_id !== null).length).toBeGreaterThan(10);
      expect(calls.filter((c) => c.diagnostic_task_id !== null).length).toBeGreaterThan(10);
      expect(
        calls.filter((c) => c.response_id !== null && !states[t]!.responses.has(c.response_id)).length,
      ).toBeGreaterThan(3);
      expect(calls.filter((c) => c.duration_ms === 0).length).toBeGreaterThan(0);
    }
  });
  it("feedback: revisions, cleared, conflicts, retries, forbidden, bad citation subject, unverified, ties", () => {
    for (const t of DS.tenants) {
      const s = states[t]!;
      const cur = [...s.currentFeedback.values()];
      expect(cur.filter((c) => c.actions > 1).length).toBeGreaterThan(10);
      expect(cur.filter((c) => c.rating === "cleared").length).toBeGreaterThan(3);
      expect(s.conflicts.length).toBeGreaterThan(5);
      expect(s.retries.length).toBeGreaterThan(5);
      expect(
        cur.filter((c) => c.target_type === "chat_message" && c.verification === "forbidden").length,
      ).toBeGreaterThan(5);
      expect(
        cur.filter(
          (c) =>
            c.target_type === "citation" &&
            c.verification === "forbidden" &&
            s.responses.get(c.target_id)?.user_id === c.user_id,
        ).length,
      ).toBeGreaterThan(0);
      expect(cur.filter((c) => c.verification === "unverified").length).toBeGreaterThan(3);
      expect(
        cur.some((c) => c.target_type === "diagnostic_step") && cur.some((c) => c.target_type === "diagnostic_report"),
      ).toBe(true);
    }
  });
  it("scored and neutral ratings (dataset-scored.ts): scales, midpoints, with and without a rating, down -> neutral", () => {
    for (const t of DS.tenants) {
      const s = states[t]!;
      const scored = s.accepted.map((a) => a.event).filter((e) => e.score !== undefined);
      expect(new Set(scored.map((e) => `${e.score_min}..${e.score_max}`))).toEqual(new Set(["-1..1", "1..5", "1..4"]));
      expect(scored.some((e) => e.rating !== undefined) && scored.some((e) => e.rating === undefined)).toBe(true);
      const label = (id: string) => s.labels.get(id)!;
      expect(label("r-score-1")).toMatchObject({
        explicit_rating: "neutral",
        label: "neutral",
        label_reason: "rated_neutral",
      });
      expect(s.accepted.filter((a) => a.event.target_id === "r-score-1").map((a) => a.event.rating ?? "score")).toEqual(
        ["down", "score"],
      );
      expect(label("r-score-2")).toMatchObject({ explicit_rating: "neutral", label: "neutral" });
      expect(label("r-score-4")).toMatchObject({ explicit_rating: "down", label: "bad" });
      expect(label("r-score-5")).toMatchObject({ explicit_rating: "up" });
      expect(label("r-score-6")).toMatchObject({ explicit_rating: "neutral", label: "neutral" });
      expect(label("r-score-7").explicit_rating).toBeNull();
      expect(label("r-score-8")).toMatchObject({
        explicit_rating: "neutral",
        label: "bad",
        label_reason: "reask_followup",
      });
    }
  });
  it("a retry stamped after a later action does not overtake it", () => {
    for (const t of DS.tenants)
      expect(states[t]!.labels.get("r-retry-late")).toMatchObject({ explicit_rating: "down", label: "bad" });
  });
  it("feedback that arrives before its response (and ends verified)", () => {
    for (const t of DS.tenants) {
      const firstArrival = new Map<string, number>();
      DS.events.forEach((e, i) => {
        if (e.tenant_id === t && e.event_type === "response_completed" && !firstArrival.has(e.response_id))
          firstArrival.set(e.response_id, i);
      });
      const early = DS.events.filter(
        (e, i) =>
          e.tenant_id === t &&
          e.event_type === "feedback_submitted" &&
          e.target_type === "chat_message" &&
          (firstArrival.get(e.target_id) ?? -1) > i,
      );
      expect(early.length).toBeGreaterThan(0);
      expect(
        early.some((e) => e.event_type === "feedback_submitted" && states[t]!.explicitRating.has(e.target_id)),
      ).toBe(true);
    }
  });
  it("follow-ups inside, outside, exactly at 600 s and at 600.001 s", () => {
    for (const t of DS.tenants) {
      const s = states[t]!;
      const gaps: number[] = [];
      const bySession = new Map<string, number[]>();
      for (const r of s.responses.values()) bySession.set(r.session_id, [...(bySession.get(r.session_id) ?? []), r.t]);
      for (const ts of bySession.values()) {
        ts.sort((a, b) => a - b);
        for (let i = 1; i < ts.length; i++) gaps.push(ts[i]! - ts[i - 1]!);
      }
      expect(gaps.filter((g) => g === FOLLOWUP_WINDOW_MS).length).toBeGreaterThan(0);
      expect(gaps.filter((g) => g === FOLLOWUP_WINDOW_MS + 1).length).toBeGreaterThan(0);
      expect(gaps.filter((g) => g < FOLLOWUP_WINDOW_MS).length).toBeGreaterThan(50);
      expect(gaps.filter((g) => g > FOLLOWUP_WINDOW_MS + 1).length).toBeGreaterThan(50);
    }
    const l = states[ACME]!.labels;
    expect(l.get("r-prec-600000")!.followup_response_id).toBe("r-prec-600000-f");
    expect(l.get("r-prec-599999")!.followup_response_id).toBe("r-prec-599999-f");
    expect(l.get("r-prec-600001")!.followup_response_id).toBeNull();
  });
  it("every re-ask phrase, in mixed case, in both languages", () => {
    for (const t of DS.tenants) {
      const texts = responsesOf(t).map((r) => r.query_text ?? "");
      for (const p of REASK_PHRASES)
        expect(
          texts.some((x) => x.toLowerCase().includes(p)),
          p,
        ).toBe(true);
      expect(
        texts.some((x) => REASK_PHRASES.some((p) => /[a-z]/.test(p) && x.toLowerCase().includes(p) && !x.includes(p))),
      ).toBe(true);
      expect(states[t]!.labels.size).toBeGreaterThan(0);
      expect([...states[t]!.labels.values()].filter((l) => l.label_reason === "reask_followup").length).toBeGreaterThan(
        10,
      );
    }
  });
  it("the optional dimensions hold several values each, and corrected versions move responses between them", () => {
    const from = ms(DS.range.from);
    const to = ms(DS.range.to);
    for (const t of DS.tenants) {
      const inRange = [...states[t]!.responses.values()].filter((r) => r.t >= from && r.t < to);
      const moved = (d: Dimension) =>
        responsesOf(t).filter((e) => {
          const current = states[t]!.responses.get(e.response_id)!;
          return (
            e.event_id !== current.event_id && (e[d as keyof ResponseCompletedEvent] ?? "unknown") !== current.dims[d]
          );
        });
      for (const d of ["chat_type", "session_type", "language", "user_segment"] as const) {
        expect(new Set(inRange.map((r) => r.dims[d])).size, d).toBeGreaterThanOrEqual(3);
        expect(moved(d).length, d).toBeGreaterThan(5);
        // to unknown (a version without the field) and from unknown
        expect(
          moved(d).some((e) => e[d] !== undefined && states[t]!.responses.get(e.response_id)!.dims[d] === "unknown"),
          d,
        ).toBe(true);
        expect(
          moved(d).some((e) => e[d] === undefined),
          d,
        ).toBe(true);
      }
      const categories = moved("query_category");
      expect(categories.length).toBeGreaterThan(5);
      // a moved category decided by the rules (the current version has no producer category)
      expect(categories.some((e) => states[t]!.responses.get(e.response_id)!.event.query_category === undefined)).toBe(
        true,
      );
      // a version that won a tie on occurred_at by its greater event_id, though it arrived first
      const arrival = new Map(DS.events.map((e, i) => [e.event_id, i]));
      expect(
        moved("chat_type")
          .concat(moved("language"))
          .some((e) => {
            const current = states[t]!.responses.get(e.response_id)!;
            return ms(e.occurred_at) === current.t && arrival.get(current.event_id)! < arrival.get(e.event_id)!;
          }),
      ).toBe(true);
      // a version that moved to another hour
      expect(
        moved("user_segment")
          .concat(moved("session_type"))
          .some(
            (e) =>
              Math.floor(ms(e.occurred_at) / 3_600_000) !==
              Math.floor(states[t]!.responses.get(e.response_id)!.t / 3_600_000),
          ),
      ).toBe(true);
    }
  });
  it("query texts cut at 4000 characters: a phrase and a category word just inside or just outside", () => {
    for (const t of DS.tenants) {
      const s = states[t]!;
      expect(s.labels.get("r-cut-1")).toMatchObject({ followup_response_id: "r-cut-1-f", is_reask: false });
      expect(s.labels.get("r-cut-2")).toMatchObject({ followup_response_id: "r-cut-2-f", is_reask: true });
      expect(s.responses.get("r-cut-1-f")!.dims.query_category).toBe("general_qa");
      expect(s.responses.get("r-cut-3-f")!.dims.query_category).toBe("shell_execution");
      // the kept phrase lies past UTF-16 unit 4000: a cut by units would lose it
      expect(s.responses.get("r-cut-2-f")!.event.query_text!.slice(0, 4000).toLowerCase()).not.toContain(
        "wrong answer",
      );
    }
  });
  it("sessions spanning the range start and end", () => {
    const from = ms(DS.range.from);
    const to = ms(DS.range.to);
    const spans = (t: string, edge: number) => {
      const bySession = new Map<string, number[]>();
      for (const r of states[t]!.responses.values())
        bySession.set(r.session_id, [...(bySession.get(r.session_id) ?? []), r.t]);
      return [...bySession.values()].filter((ts) => ts.some((x) => x < edge) && ts.some((x) => x >= edge)).length;
    };
    for (const t of DS.tenants) expect(spans(t, from)).toBeGreaterThan(0);
    expect(spans(ACME, to)).toBeGreaterThan(0);
  });
  it("every finish_reason in range, responses without query_category, zone offsets, open windows in range", () => {
    const from = ms(DS.range.from);
    const to = ms(DS.range.to);
    for (const t of DS.tenants) {
      const inRange = [...states[t]!.responses.values()].filter((r) => r.t >= from && r.t < to);
      expect(new Set(inRange.map((r) => r.finish_reason))).toEqual(
        new Set(["stop", "max_iterations", "no_reply", "error", "length", "cancelled"]),
      );
      expect(inRange.filter((r) => r.event.query_category === undefined).length).toBeGreaterThan(20);
      expect(DS.events.filter((e) => e.tenant_id === t && e.occurred_at.endsWith("+08:00")).length).toBeGreaterThan(5);
    }
    const m = referenceMetrics(DS.events, { tenant_id: GLOBEX, ...DS.range }).rows[0]!;
    expect(m.outcome_counts.pending).toBeGreaterThan(3);
    expect(states[GLOBEX]!.labels.get("r-window-closed-exact")!.window_closed).toBe(true);
    expect(states[GLOBEX]!.labels.get("r-window-open-edge")!.window_closed).toBe(false);
  });
  it("the two tenants share ids (responses, sessions, users, tool calls, client_feedback_ids)", () => {
    const ids = (t: string, f: (e: RawEvent) => string | undefined) =>
      new Set(
        DS.events
          .filter((e) => e.tenant_id === t)
          .map(f)
          .filter(Boolean),
      );
    const overlap = (f: (e: RawEvent) => string | undefined) =>
      [...ids(ACME, f)].filter((x) => ids(GLOBEX, f).has(x)).length;
    expect(overlap((e) => (e.event_type === "response_completed" ? e.response_id : undefined))).toBeGreaterThan(100);
    expect(overlap((e) => (e.event_type === "response_completed" ? e.session_id : undefined))).toBeGreaterThan(50);
    expect(overlap((e) => (e.event_type !== "tool_call" ? undefined : e.tool_call_id))).toBeGreaterThan(100);
    expect(overlap((e) => (e.event_type === "feedback_submitted" ? e.client_feedback_id : undefined))).toBeGreaterThan(
      50,
    );
  });
  it("hinted empty slices: no response in range, yet one row comes back", () => {
    for (const s of DS.hints.emptySlices) {
      const rows = referenceMetrics(DS.events, {
        tenant_id: s.tenant_id,
        ...DS.range,
        filters: { [s.dimension]: [s.value] },
      }).rows;
      expect(rows).toHaveLength(1);
      expect(rows[0]!.response_count).toBe(0);
      expect(rows[0]!.good_answer_rate).toBeNull();
    }
    // the value exists in the data (outside the range / in the other tenant)
    expect(responsesOf(ACME).some((r) => r.model === "legacy-model")).toBe(true);
    expect(responsesOf(ACME).some((r) => r.channel === "teams")).toBe(true);
  });
});

describe("reference invariants on the data set", () => {
  it("tenant isolation: a tenant's figures do not change when the other tenant's events are removed", () => {
    for (const t of DS.tenants) {
      const q: MetricsQuery = { tenant_id: t, ...DS.range, group_by: ["model"], bucket: "day" };
      expect(
        referenceMetrics(
          DS.events.filter((e) => e.tenant_id === t),
          q,
        ),
      ).toEqual(referenceMetrics(DS.events, q));
    }
  });
  it("dedup is per tenant: the same event_ids in both tenants give the same figures", () => {
    const shared = generateEdgeCaseDataset(SEED, { sharedEventIds: true });
    for (const t of DS.tenants) {
      const q: MetricsQuery = { tenant_id: t, ...DS.range };
      expect(referenceMetrics(shared.events, q)).toEqual(referenceMetrics(DS.events, q));
    }
  });
  it("outcome counts add up; grouped and bucketed rows add up to the whole range", () => {
    for (const t of DS.tenants) {
      const total = referenceMetrics(DS.events, { tenant_id: t, ...DS.range }).rows[0]!;
      const oc = total.outcome_counts;
      expect(oc.excellent + oc.good + oc.neutral + oc.bad + oc.failed + oc.pending).toBe(total.response_count);
      for (const d of RESPONSE_DIMENSIONS) {
        const rows = referenceMetrics(DS.events, { tenant_id: t, ...DS.range, group_by: [d] }).rows;
        expect(rows.reduce((s, r) => s + r.response_count, 0)).toBe(total.response_count);
        expect(rows.reduce((s, r) => s + r.outcome_counts.bad, 0)).toBe(oc.bad);
      }
      for (const b of ["5m", "hour", "day"] as const) {
        const rows = referenceMetrics(DS.events, { tenant_id: t, ...DS.range, bucket: b }).rows;
        expect(rows.reduce((s, r) => s + r.response_count, 0)).toBe(total.response_count);
        const starts = rows.map((r) => r.bucket_start!);
        expect([...starts].sort()).toEqual(starts);
      }
    }
  });
});
