import {
  currentFeedbackSql,
  currentResponsesSql,
  feedbackActionsSql,
  feedbackConflictsSql,
  queryFeedbackTargets,
  queryResponse,
  queryRows,
  reducedToolCallsSql,
  sqlList,
  sqlSubquery,
  sqlValue,
  type Warehouse,
} from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTenantState,
  EventBuilder,
  generateEdgeCaseDataset,
  type EdgeCaseDataset,
  type TenantState,
} from "../reference";
import { loadRawEvents } from "../src/load-events";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

/**
 * The facts builders against the reference implementation, on the edge-case data set
 * loaded with every delivery (duplicates too), so dedup-on-read is what is checked.
 */
describe("facts builders on the edge-case data set", () => {
  let warehouse: Warehouse;
  let dataset: EdgeCaseDataset;
  const states = new Map<string, TenantState>();

  beforeAll(async () => {
    ({ warehouse } = await createTestWarehouse("as_facts"));
    dataset = generateEdgeCaseDataset(Number(process.env.REF_SEED ?? 1));
    await loadRawEvents(warehouse, dataset.events);
    for (const tenant of dataset.tenants) states.set(tenant, buildTenantState(dataset.events, tenant));
  });
  afterAll(() => dropTestWarehouse(warehouse));

  const tenants = () => dataset.tenants;
  const state = (tenant: string) => states.get(tenant)!;

  it("has every kind of event stored more than once somewhere (dedup is exercised)", async () => {
    const rows = await queryRows<{ n: number; u: number }>(
      warehouse,
      `SELECT count() AS n, uniqExact(tenant_id, event_id) AS u FROM ${warehouse.table("responses")}`,
    );
    expect(Number(rows[0]!.n)).toBeGreaterThan(Number(rows[0]!.u));
  });

  it("current responses: one row per response, the latest version's values", async () => {
    for (const tenant of tenants()) {
      const rows = await queryRows<{
        response_id: string;
        event_id: string;
        occurred_at_ms: number;
        session_id: string;
        user_id: string;
        finish_reason: string;
      }>(
        warehouse,
        `SELECT response_id, event_id, occurred_at_ms, session_id, user_id, finish_reason FROM (${currentResponsesSql(warehouse, { tenantId: tenant })}) ORDER BY response_id`,
      );
      const expected = [...state(tenant).responses.values()]
        .map((r) => ({
          response_id: r.response_id,
          event_id: r.event_id,
          occurred_at_ms: r.t,
          session_id: r.session_id,
          user_id: r.user_id,
          finish_reason: r.finish_reason,
        }))
        .sort((a, b) => (a.response_id < b.response_id ? -1 : 1));
      expect(rows.map((r) => ({ ...r, occurred_at_ms: Number(r.occurred_at_ms) }))).toEqual(expected);
    }
  });

  it("current responses: the range applies to the winning version", async () => {
    const from = Date.parse(dataset.range.from);
    const to = Date.parse(dataset.range.to);
    for (const tenant of tenants()) {
      const rows = await queryRows<{ response_id: string }>(
        warehouse,
        `SELECT response_id FROM (${currentResponsesSql(warehouse, { tenantId: tenant, fromMs: from, toMs: to })}) ORDER BY response_id`,
      );
      const expected = [...state(tenant).responses.values()]
        .filter((r) => r.t >= from && r.t < to)
        .map((r) => r.response_id)
        .sort();
      expect(rows.map((r) => r.response_id)).toEqual(expected);
    }
  });

  it("reduced tool calls equal the reference's lifecycle reduction", async () => {
    for (const tenant of tenants()) {
      const rows = await queryRows<Record<string, string | number>>(
        warehouse,
        `SELECT tool_call_id, tool_name, status, start_inferred, first_at_ms, duration_ms, response_id, error_category, session_id, diagnostic_task_id
         FROM (${reducedToolCallsSql(warehouse, { tenantId: tenant })}) ORDER BY tool_call_id`,
      );
      const actual = rows.map((r) => ({
        tool_call_id: r.tool_call_id,
        tool_name: r.tool_name,
        status: r.status,
        start_inferred: Number(r.start_inferred) === 1,
        t: Number(r.first_at_ms),
        duration_ms: Number(r.duration_ms) < 0 ? null : Number(r.duration_ms),
        response_id: r.response_id || null,
        error_category: r.error_category || null,
        session_id: r.session_id || null,
        diagnostic_task_id: r.diagnostic_task_id || null,
      }));
      const expected = [...state(tenant).toolCalls].sort((a, b) => (a.tool_call_id < b.tool_call_id ? -1 : 1));
      expect(actual).toEqual(expected);
      expect(new Set(actual.map((c) => c.status))).toEqual(new Set(["started", "completed", "failed"]));
    }
  });

  it("reduced tool calls narrowed to responses keep exactly those responses' calls", async () => {
    const tenant = tenants()[0]!;
    const ids = [
      ...new Set(
        state(tenant)
          .toolCalls.map((c) => c.response_id)
          .filter((id): id is string => !!id),
      ),
    ].slice(0, 25);
    const rows = await queryRows<{ tool_call_id: string }>(
      warehouse,
      `SELECT tool_call_id FROM (${reducedToolCallsSql(warehouse, { tenantId: tenant, responseIds: ids })}) ORDER BY tool_call_id`,
    );
    const expected = state(tenant)
      .toolCalls.filter((c) => c.response_id && ids.includes(c.response_id))
      .map((c) => c.tool_call_id)
      .sort();
    expect(rows.map((r) => r.tool_call_id)).toEqual(expected);
  });

  it("current feedback equals the reference's current ratings, revisions and verification", async () => {
    for (const tenant of tenants()) {
      const rows = await queryRows<Record<string, string | number | number[]>>(
        warehouse,
        `SELECT user_id, target_type, target_id, subject_id, rating, verification, occurred_at_ms, actions, revisions, revision_times_ms
         FROM (${currentFeedbackSql(warehouse, { tenantId: tenant })})`,
      );
      const actual = rows
        .map((r) => ({
          key: [r.user_id, r.target_type, r.target_id, r.subject_id].join("\u0000"),
          target_type: r.target_type,
          target_id: r.target_id,
          subject_id: r.subject_id,
          user_id: r.user_id,
          rating: r.rating,
          verification: r.verification,
          t: Number(r.occurred_at_ms),
          actions: Number(r.actions),
          revision_times: (r.revision_times_ms as number[]).map(Number),
        }))
        .sort((a, b) => (a.key < b.key ? -1 : 1));
      expect(
        actual.every(
          (r) =>
            r.actions - 1 ===
            Number(
              rows.find((x) => [x.user_id, x.target_type, x.target_id, x.subject_id].join("\u0000") === r.key)!
                .revisions,
            ),
        ),
      ).toBe(true);
      const expected = [...state(tenant).currentFeedback.values()]
        .map((c) => ({ ...c, revision_times: [...c.revision_times].sort((a, b) => a - b) }))
        .sort((a, b) => (a.key < b.key ? -1 : 1));
      expect(actual).toEqual(expected);
      const verifications = new Set(actual.map((r) => r.verification));
      expect(verifications).toEqual(new Set(["verified", "unverified", "forbidden"]));
    }
  });

  it("current feedback narrowed to targets equals the same targets of the full read", async () => {
    const tenant = tenants()[0]!;
    const ids = [...new Set([...state(tenant).currentFeedback.values()].map((c) => c.target_id))].slice(0, 40);
    const rows = await queryRows<{ key: string; rating: string; verification: string }>(
      warehouse,
      `SELECT concat(user_id, '|', target_type, '|', target_id, '|', subject_id) AS key, rating, verification
       FROM (${currentFeedbackSql(warehouse, { tenantId: tenant, targetIds: ids })}) ORDER BY key`,
    );
    const expected = [...state(tenant).currentFeedback.values()]
      .filter((c) => ids.includes(c.target_id))
      .map((c) => ({
        key: [c.user_id, c.target_type, c.target_id, c.subject_id].join("|"),
        rating: c.rating,
        verification: c.verification,
      }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    expect(rows).toEqual(expected);
  });

  it("feedback actions narrowed to targets are the full read's on those targets, column for column", async () => {
    const actions = (tenantId: string, ids: string[], narrowed: boolean) =>
      queryRows<Record<string, unknown>>(
        warehouse,
        `SELECT * FROM (${feedbackActionsSql(warehouse, narrowed ? { tenantId, targetIds: ids } : { tenantId })})
         WHERE target_id IN ${sqlList(ids)} ORDER BY event_id`,
      );
    for (const tenant of tenants()) {
      const [conflicts, retries] = [state(tenant).conflicts, state(tenant).retries];
      // Every target with a conflict or a retry, and as many others.
      const ruled = [...new Set([...conflicts, ...retries].map((a) => a.event.target_id))];
      const others = [...new Set([...state(tenant).currentFeedback.values()].map((c) => c.target_id))].filter(
        (id) => !ruled.includes(id),
      );
      const ids = [...ruled, ...others.slice(0, ruled.length)];
      const narrowed = await actions(tenant, ids, true);
      const whole = await actions(tenant, ids, false);
      expect(narrowed).toEqual(whole);
      expect(new Set(narrowed.map((row) => row.action))).toEqual(new Set(["accepted", "retry", "conflict"]));
      // Every stored column of the events, as the one-pass read lists them, and what the rule adds.
      const stored = await queryRows<Record<string, unknown>>(
        warehouse,
        `SELECT * FROM ${warehouse.table("feedback_events")} LIMIT 1`,
      );
      expect(Object.keys(whole[0]!).sort()).toEqual(
        [...Object.keys(stored[0]!), "first_event_id", "first_content_hash", "action"].sort(),
      );
    }
  });

  it("feedback actions of repeated ids only are the full read's rows of the ids with more than one event, narrowed to targets or not", async () => {
    const read = (options: Parameters<typeof feedbackActionsSql>[1]) =>
      queryRows<Record<string, unknown>>(
        warehouse,
        `SELECT * FROM (${feedbackActionsSql(warehouse, options)}) ORDER BY event_id`,
      );
    for (const tenant of tenants()) {
      const whole = await read({ tenantId: tenant });
      const idOf = (row: Record<string, unknown>) => `${String(row.user_id)}\u0000${String(row.client_feedback_id)}`;
      const eventsPerId = new Map<string, number>();
      for (const row of whole) eventsPerId.set(idOf(row), (eventsPerId.get(idOf(row)) ?? 0) + 1);
      const repeated = whole.filter((row) => eventsPerId.get(idOf(row))! > 1);
      // Retries and conflicts all lie among them, and lone events (accepted) are left out.
      expect(repeated.length).toBeLessThan(whole.length);
      expect(repeated.filter((row) => row.action !== "accepted")).toEqual(
        whole.filter((row) => row.action !== "accepted"),
      );
      expect(await read({ tenantId: tenant, repeatedIdsOnly: true })).toEqual(repeated);
      // Narrowed to some targets as well: the repeated ids with an event on one of them, each with all its events.
      const ids = [...new Set(repeated.map((row) => String(row.target_id)))].slice(0, 3);
      const onTargets = new Set(repeated.filter((row) => ids.includes(String(row.target_id))).map(idOf));
      expect(await read({ tenantId: tenant, targetIds: ids, repeatedIdsOnly: true })).toEqual(
        repeated.filter((row) => onTargets.has(idOf(row))),
      );
      // The same targets as a range's subquery (many ids): there the repeated ids alone carry the narrowing.
      const manyIds = sqlSubquery(`SELECT arrayJoin(${sqlValue(ids)})`, { many: true });
      expect(await read({ tenantId: tenant, targetIds: manyIds, repeatedIdsOnly: true })).toEqual(
        repeated.filter((row) => onTargets.has(idOf(row))),
      );
    }
  });

  it("a narrowed read, and the targets route narrowed to a range, find an id's first arrival on a target they were not narrowed to", async () => {
    const tenantId = "t-cross-target";
    const b = new EventBuilder(tenantId);
    const first = b.feedback(10, { target_id: "r-first", rating: "up", client_feedback_id: "cf-shared" });
    // The same id, later, on another target: other content, so a conflict, though it occurred first.
    const later = b.feedback(5, { target_id: "r-later", rating: "down", client_feedback_id: "cf-shared" });
    const own = b.feedback(20, { target_id: "r-later", rating: "up", user_id: "u2" });
    await loadRawEvents(warehouse, [first, later, own]);
    const rows = await queryRows<{ event_id: string; action: string; first_event_id: string }>(
      warehouse,
      `SELECT event_id, action, first_event_id FROM (${feedbackActionsSql(warehouse, { tenantId, targetIds: ["r-later"] })}) WHERE target_id = 'r-later' ORDER BY event_id`,
    );
    expect(rows).toEqual([
      { event_id: later.event_id, action: "conflict", first_event_id: first.event_id },
      { event_id: own.event_id, action: "accepted", first_event_id: own.event_id },
    ]);
    // The targets route over a range holding only the conflict, read whole or narrowed to the
    // targets rated in range: the first arrival lies outside the range and on another target.
    const range = { from: new Date(b.baseMs).toISOString(), to: new Date(b.baseMs + 7_000).toISOString() };
    for (const narrowToRange of [true, false]) {
      expect(await queryFeedbackTargets(warehouse, { tenantId, ...range }, { narrowToRange })).toEqual({
        rows: [],
        revisions: 0,
        conflicts: 1,
        retries: 0,
      });
    }
  });

  it("a response's page shows each event's key verification, and none where the user has no accepted action", async () => {
    const tenantId = "t-page-verification";
    const b = new EventBuilder(tenantId);
    const response = b.response("r-page", 0, { user_id: "u1", citation_ids: ["c1"] });
    const first = b.feedback(10, { target_id: "r-elsewhere", rating: "up", client_feedback_id: "cf-shared" });
    // u1's only event on r-page conflicts with an action on another target: u1 has no rating of r-page.
    const conflict = b.feedback(20, { target_id: "r-page", rating: "down", client_feedback_id: "cf-shared" });
    const stranger = b.feedback(30, { target_id: "r-page", rating: "down", user_id: "u2" });
    const strangerRetry = b.resend(stranger, 31);
    const citation = b.feedback(40, { target_id: "r-page", target_type: "citation", subject_id: "c1", rating: "up" });
    const unknownCitation = b.feedback(50, {
      target_id: "r-page",
      target_type: "citation",
      subject_id: "c9",
      rating: "down",
    });
    await loadRawEvents(warehouse, [response, first, conflict, stranger, strangerRetry, citation, unknownCitation]);
    const detail = await queryResponse(warehouse, { tenantId, responseId: "r-page" });
    expect(detail!.feedback.map(({ event_id, action, verification }) => ({ event_id, action, verification }))).toEqual([
      { event_id: conflict.event_id, action: "conflict", verification: null },
      { event_id: stranger.event_id, action: "accepted", verification: "forbidden" },
      { event_id: strangerRetry.event_id, action: "retry", verification: "forbidden" },
      { event_id: citation.event_id, action: "accepted", verification: "verified" },
      { event_id: unknownCitation.event_id, action: "accepted", verification: "forbidden" },
    ]);
    expect(detail!.explicit_rating).toBeNull();
  });

  it("verification reads the owner and citations of each response's current version", async () => {
    const tenantId = "t-verify-versions";
    const b = new EventBuilder(tenantId);
    // r-moved changes hands and citations in a later version; r-tie in a version with the same
    // time and a greater event_id. r-moved's current version arrives last and r-tie's first, so a
    // read that takes either the first or the last arrival fails one of them.
    const movedV1 = b.response("r-moved", 0, { user_id: "u1", citation_ids: ["c1"] });
    const movedV2 = b.response("r-moved", 5, { user_id: "u2", citation_ids: ["c2"] });
    const tieV1 = b.response("r-tie", 0, { user_id: "u1", citation_ids: ["c1"] });
    const tieV2 = { ...b.resend(tieV1), user_id: "u3", citation_ids: ["c3"] };
    const ratings = [
      b.feedback(10, { target_id: "r-moved", rating: "up", user_id: "u2" }),
      b.feedback(11, { target_id: "r-moved", rating: "down", user_id: "u1" }),
      b.feedback(12, { target_id: "r-moved", target_type: "citation", subject_id: "c2", rating: "up", user_id: "u2" }),
      b.feedback(13, {
        target_id: "r-moved",
        target_type: "citation",
        subject_id: "c1",
        rating: "down",
        user_id: "u2",
      }),
      b.feedback(14, { target_id: "r-tie", target_type: "citation", subject_id: "c3", rating: "up", user_id: "u3" }),
      b.feedback(15, { target_id: "r-tie", rating: "down", user_id: "u1" }),
    ];
    await loadRawEvents(warehouse, [movedV1, tieV2, ...ratings, movedV2, tieV1]);
    const expected = ["verified", "forbidden", "verified", "forbidden", "verified", "forbidden"];
    const byEvent = (rows: { event_id: string; verification: string | null }[]) =>
      ratings.map((r) => rows.find((row) => row.event_id === r.event_id)?.verification);
    for (const targetIds of [undefined, ["r-moved", "r-tie"]]) {
      const rows = await queryRows<{ event_id: string; verification: string }>(
        warehouse,
        `SELECT event_id, verification FROM (${currentFeedbackSql(warehouse, { tenantId, targetIds })})`,
      );
      expect(byEvent(rows)).toEqual(expected);
    }
    const pages = await Promise.all(
      ["r-moved", "r-tie"].map((responseId) => queryResponse(warehouse, { tenantId, responseId })),
    );
    expect(byEvent(pages.flatMap((page) => page!.feedback))).toEqual(expected);
  });

  it("conflicts and retries are exactly the reference's", async () => {
    for (const tenant of tenants()) {
      const conflicts = await queryRows<{ event_id: string }>(
        warehouse,
        `SELECT event_id FROM (${feedbackConflictsSql(warehouse, { tenantId: tenant })}) ORDER BY event_id`,
      );
      const retries = await queryRows<{ event_id: string }>(
        warehouse,
        `SELECT event_id FROM (${feedbackActionsSql(warehouse, { tenantId: tenant })}) WHERE action = 'retry' ORDER BY event_id`,
      );
      expect(conflicts.map((r) => r.event_id)).toEqual(
        state(tenant)
          .conflicts.map((a) => a.event_id)
          .sort(),
      );
      expect(retries.map((r) => r.event_id)).toEqual(
        state(tenant)
          .retries.map((a) => a.event_id)
          .sort(),
      );
      expect(conflicts.length).toBeGreaterThan(0);
      expect(retries.length).toBeGreaterThan(0);
    }
  });

  it("a hostile tenant id is a value, not SQL", async () => {
    const hostile = "t'; DROP TABLE responses; --\\";
    for (const sql of [
      currentResponsesSql(warehouse, { tenantId: hostile }),
      reducedToolCallsSql(warehouse, { tenantId: hostile, responseIds: [hostile] }),
      currentFeedbackSql(warehouse, { tenantId: hostile, targetIds: [hostile] }),
      feedbackConflictsSql(warehouse, { tenantId: hostile }),
    ]) {
      expect(await queryRows(warehouse, `SELECT * FROM (${sql})`)).toEqual([]);
    }
  });

  // Last: merges collapse the duplicate copies, keeping each event's FIRST copy
  // (sql/migrations/0001, `keep_first`); every read above must give the same answer.
  it("gives the same feedback actions after every part is merged", async () => {
    const read = async (tenant: string) =>
      queryRows(
        warehouse,
        `SELECT event_id, action FROM (${feedbackActionsSql(warehouse, { tenantId: tenant })}) ORDER BY event_id`,
      );
    const before = await Promise.all(tenants().map(read));
    for (const table of ["responses", "tool_call_events", "feedback_events"]) {
      await warehouse.client.command({ query: `OPTIMIZE TABLE ${warehouse.table(table)} FINAL` });
    }
    expect(await Promise.all(tenants().map(read))).toEqual(before);
  });
});
