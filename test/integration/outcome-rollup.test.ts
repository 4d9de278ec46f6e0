import {
  evaluateOutcomes,
  markRollupStale,
  queryMetrics,
  queryRows,
  sqlValue,
  type Dimension,
  type Warehouse,
} from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diffMetricsRows, EventBuilder, referenceMetrics } from "../reference";
import { loadThroughSink } from "../src/load-through-sink";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

/**
 * Phase 2 from the hourly outcome rollup (migration 0013) against the reference, on sessions
 * built so that one-turn resolution depends on where each session's earlier responses lie
 * relative to an unaligned range start: in from's own hour before `from` (counted only through
 * the label rows), in the leading edge, or in an earlier hour. Then late events (a response that
 * becomes a session's new first, a rating, a response that moves hours) re-evaluate, and the
 * rebuilt hours must still agree.
 */
const TENANT = "t-rollup";
const b = new EventBuilder(TENANT, "2026-11-30T10:00:00.000Z", "r");
const MIN = 60;
const session = (id: string) => ({ session_id: id });

const firstLoad = [
  // A: its earlier response is in from's hour but before from, so the 11:30 one is the session's first in the range.
  b.response("a1", 20 * MIN, { ...session("s-a"), model: "m1" }),
  b.response("a2", 90 * MIN, { ...session("s-a"), model: "m1" }),
  // B: the earlier response is inside the range (leading edge): the 11:30 one is not first.
  b.response("b1", 50 * MIN, { ...session("s-b"), model: "m1" }),
  b.response("b2", 90 * MIN + 30, { ...session("s-b"), model: "m1" }),
  // C: models alternate, so per model the first response differs from the session's first.
  b.response("c1", 25 * MIN, { ...session("s-c"), model: "m2" }),
  b.response("c2", 130 * MIN, { ...session("s-c"), model: "m1" }),
  b.response("c3", 135 * MIN, { ...session("s-c"), model: "m2", query_text: "that's wrong, try again" }),
  // D: the same model again after another one, two hours later.
  b.response("d1", 45 * MIN, { ...session("s-d"), model: "m1" }),
  b.response("d2", 185 * MIN, { ...session("s-d"), model: "m2" }),
  b.response("d3", 190 * MIN, { ...session("s-d"), model: "m1" }),
  // E: all in the trailing edge's hour and after `to`.
  b.response("e1", 245 * MIN, { ...session("s-e"), model: "m2" }),
  b.response("e2", 255 * MIN, { ...session("s-e"), model: "m2" }),
  b.feedback(95 * MIN, { target_id: "a2", rating: "down" }),
  b.feedback(140 * MIN, { target_id: "c2", rating: "up" }),
  // Closes every observation window.
  b.response("z1", 300 * MIN, { ...session("s-z") }),
];

const lateLoad = [
  // A's new first response in the range: unrated, no follow-up within 10 minutes, so good.
  b.response("a0", 41 * MIN, { ...session("s-a"), model: "m1" }),
  b.feedback(200 * MIN, { target_id: "b2", rating: "up" }),
  // d2 is corrected to an hour later and to m1: d3's previous m1 response and two hours change.
  b.response("d2", 182 * MIN + 20 * MIN, { ...session("s-d"), model: "m1" }),
];

const from = b.baseMs + 40 * MIN * 1000;
const to = b.baseMs + 250 * MIN * 1000;
const SHAPES: { group_by?: Dimension[]; bucket?: "hour" | "day"; filters?: Partial<Record<Dimension, string[]>> }[] = [
  {},
  { bucket: "hour" },
  { bucket: "day" },
  { group_by: ["model"] },
  { group_by: ["model"], bucket: "day" },
  { filters: { model: ["m1"] } },
  { filters: { model: ["m1", "m2"] }, group_by: ["model"] },
  // Not answered by the rollup (two values in one row): the session read, for comparison.
  { filters: { model: ["m1", "m2"] } },
];

describe("Phase 2 from the outcome rollup", () => {
  let warehouse: Warehouse;
  let events: object[] = [];

  async function expectReference(): Promise<void> {
    for (const shape of SHAPES) {
      const query = {
        tenantId: TENANT,
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        filters: shape.filters ?? {},
        groupBy: shape.group_by ?? [],
        bucket: shape.bucket,
      };
      const expected = referenceMetrics(events as never, {
        tenant_id: TENANT,
        from: query.from,
        to: query.to,
        filters: shape.filters,
        group_by: shape.group_by,
        bucket: shape.bucket,
      });
      const actual = await queryMetrics(warehouse, query);
      expect({ shape, diff: diffMetricsRows(expected.rows, actual.rows) }).toEqual({ shape, diff: [] });
      expect(actual.rows.length).toBe(expected.rows.length);
    }
  }

  const oneRow = async (filters: Partial<Record<Dimension, string[]>> = {}) =>
    (
      await queryMetrics(warehouse, {
        tenantId: TENANT,
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        filters,
      })
    ).rows[0]!;

  beforeAll(async () => {
    ({ warehouse } = await createTestWarehouse("as_outcome_rollup"));
  });
  afterAll(() => dropTestWarehouse(warehouse));

  it("equals the reference on the first evaluation, counting a session whose earlier response is in from's hour", async () => {
    events = [...firstLoad];
    await loadThroughSink(warehouse, firstLoad);
    const run = await evaluateOutcomes(warehouse, {});
    // Hours 10:00 to 15:00 hold responses: each rebuilt once.
    expect(run.perTenant[0]!.rollupHours).toBe(6);
    await expectReference();
    // Sessions A to E have responses in the range, all final.
    expect((await oneRow()).sample_sizes.one_turn_resolution_rate).toBe(5);
    // Per m1: A (a2), B (b1), C (c2), D (d1).
    expect((await oneRow({ model: ["m1"] })).sample_sizes.one_turn_resolution_rate).toBe(4);
  });

  it("follows late events: a new first response, a rating, a response that moves hours", async () => {
    const before = await oneRow();
    events = [...firstLoad, ...lateLoad];
    await loadThroughSink(warehouse, lateLoad, 250, { receivedAtMs: Date.now() + 1000 });
    const run = await evaluateOutcomes(warehouse, {});
    expect(run.perTenant[0]!.rollupHours).toBeGreaterThan(0);
    await expectReference();
    // A now counts by a0 (good, no follow-up) instead of a2 (bad): one more resolved session.
    const after = await oneRow();
    expect(after.one_turn_resolution_rate! * 5).toBeCloseTo(before.one_turn_resolution_rate! * 5 + 1, 6);
  });

  it("rebuilds nothing on a run that changes no label", async () => {
    const again = await evaluateOutcomes(warehouse, { tenantId: TENANT });
    expect(again.perTenant[0]?.rollupHours ?? 0).toBe(0);
    const versions = await queryRows<{ hours: number }>(
      warehouse,
      `SELECT uniqExact(bucket) AS hours FROM ${warehouse.table("outcomes_1h_by_dimension")} WHERE tenant_id = ${sqlValue(TENANT)} AND dimension = ''`,
    );
    expect(Number(versions[0]!.hours)).toBe(6);
    await expectReference();
  });

  it("rebuilds on the next run an hour that a run marked and died before rebuilding", async () => {
    const hour = b.baseMs + 60 * MIN * 1000;
    await markRollupStale(warehouse, TENANT, [hour]);
    const run = await evaluateOutcomes(warehouse, { tenantId: TENANT });
    expect(run.perTenant[0]!.rollupHours).toBe(1);
    await expectReference();
  });

  it("gives a tenant evaluated before the rollup existed a first pass that builds it", async () => {
    for (const table of ["outcomes_1h_by_dimension", "outcome_rollup_stale"])
      await warehouse.client.command({ query: `TRUNCATE TABLE ${warehouse.table(table)}` });
    const run = await evaluateOutcomes(warehouse, { tenantId: TENANT });
    expect(run.perTenant[0]!.candidates).toBe(14); // every response
    // The labels did not change, so only a first pass rebuilds the hours.
    expect(run.perTenant[0]!.rollupHours).toBe(6);
    await expectReference();
  });
});
