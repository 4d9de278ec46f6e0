import {
  idIndexBackfillSql,
  latencyBucket,
  latencyBucketSql,
  queryRows,
  reducedToolCallsSql,
  sqlValue,
  toolCallFirstsBackfillSql,
  toolCallStatesBackfillSql,
  type Warehouse,
} from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTenantState, generateEdgeCaseDataset, type EdgeCaseDataset, type ReducedToolCall } from "../reference";
import { loadThroughSink } from "../src/load-through-sink";
import { shuffled } from "../src/shuffled";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

/**
 * tool_call_firsts (migration 0007) through the real sink: the edge-case data set's tool-call
 * events in a shuffled order, in small batches, so a call's earlier event often arrives after a
 * later one (in the same batch or a later one) and moves the call's time back.
 */
describe("tool-call first times through the sink", () => {
  let warehouse: Warehouse;
  let dataset: EdgeCaseDataset;
  const calls = new Map<string, ReducedToolCall[]>();

  beforeAll(async () => {
    ({ warehouse } = await createTestWarehouse("as_firsts"));
    dataset = generateEdgeCaseDataset(Number(process.env.REF_SEED ?? 1));
    const toolEvents = dataset.events.filter((event) => (event as { event_type?: string }).event_type === "tool_call");
    await loadThroughSink(warehouse, shuffled(toolEvents, 7), 7);
    for (const tenant of dataset.tenants) calls.set(tenant, buildTenantState(dataset.events, tenant).toolCalls);
  });
  afterAll(() => dropTestWarehouse(warehouse));

  it("keeps exactly one live first time per call, its earliest event's, after out-of-order arrivals", async () => {
    let moved = 0;
    for (const tenant of dataset.tenants) {
      const live = await queryRows<{ tool_call_id: string; first_at_ms: number; signs: number }>(
        warehouse,
        `SELECT tool_call_id, first_at_ms, sum(sign) AS signs FROM ${warehouse.table("tool_call_firsts")}
         WHERE tenant_id = ${sqlValue(tenant)} GROUP BY tool_call_id, first_at_ms HAVING signs != 0 ORDER BY tool_call_id`,
      );
      const expected = [...calls.get(tenant)!]
        .sort((a, b) => (a.tool_call_id < b.tool_call_id ? -1 : 1))
        .map((call) => ({ tool_call_id: call.tool_call_id, first_at_ms: call.t, signs: 1 }));
      expect(live.map((row) => ({ ...row, first_at_ms: Number(row.first_at_ms), signs: Number(row.signs) }))).toEqual(
        expected,
      );
      const retracted = await queryRows<{ n: number }>(
        warehouse,
        `SELECT count() AS n FROM ${warehouse.table("tool_call_events")} WHERE tenant_id = ${sqlValue(tenant)} AND prev_first_at_ms > 0`,
      );
      moved += Number(retracted[0]!.n);
    }
    // The shuffle must have moved some calls back, or the retraction path was not exercised.
    expect(moved).toBeGreaterThan(10);
  });

  const liveStates = (where = "") =>
    queryRows<{
      tenant_id: string;
      tool_call_id: string;
      first_at_ms: number;
      status: string;
      tool_name: string;
      error_category: string;
      duration_ms: number;
      signs: number;
    }>(
      warehouse,
      `SELECT tenant_id, tool_call_id, first_at_ms, status, tool_name, error_category, duration_ms, sum(sign) AS signs FROM ${warehouse.table("tool_call_states")}
       ${where} GROUP BY tenant_id, tool_call_id, first_at_ms, status, tool_name, error_category, duration_ms HAVING signs != 0 ORDER BY tenant_id, tool_call_id`,
    ).then((rows) =>
      rows.map((row) => ({
        ...row,
        first_at_ms: Number(row.first_at_ms),
        duration_ms: Number(row.duration_ms),
        signs: Number(row.signs),
      })),
    );

  it("keeps exactly one live state per call, its reduced state as the reference has it (migration 0012)", async () => {
    let changed = 0;
    for (const tenant of dataset.tenants) {
      const live = await liveStates(`WHERE tenant_id = ${sqlValue(tenant)}`);
      const expected = [...calls.get(tenant)!]
        .sort((a, b) => (a.tool_call_id < b.tool_call_id ? -1 : 1))
        .map((call) => ({
          tenant_id: tenant,
          tool_call_id: call.tool_call_id,
          first_at_ms: call.t,
          status: call.status,
          tool_name: call.tool_name,
          error_category: call.status === "failed" ? (call.error_category ?? "") : "",
          duration_ms: call.duration_ms ?? -1,
          signs: 1,
        }));
      expect(live).toEqual(expected);
      const replaced = await queryRows<{ n: number }>(
        warehouse,
        `SELECT count() AS n FROM ${warehouse.table("tool_call_events")} WHERE tenant_id = ${sqlValue(tenant)} AND prev_state_status != ''`,
      );
      changed += Number(replaced[0]!.n);
    }
    // Calls changed state after their first stored event (a terminal, or an earlier event), or the -1 path was not exercised.
    expect(changed).toBeGreaterThan(10);
  });

  it("computes duration buckets in SQL exactly as latencyBucket does", async () => {
    const values = [0, 1, 2, 9, 10, 99, 100, 101, 999, 1000, 12_345, 600_000, 3_600_000, 86_400_000];
    const rows = await queryRows<{ b: number }>(
      warehouse,
      `SELECT ${latencyBucketSql("toInt64(v)")} AS b FROM (SELECT arrayJoin([${values.join(", ")}]) AS v)`,
    );
    expect(rows.map((row) => Number(row.b))).toEqual(values.map(latencyBucket));
  });

  it("reads exactly the calls whose first event is in a range, at and around every edge", async () => {
    for (const tenant of dataset.tenants) {
      const all = calls.get(tenant)!;
      const times = [...new Set(all.map((call) => call.t))].sort((a, b) => a - b);
      // Ranges that start or end exactly on a call's time, one ms either side, and spans of several calls.
      const edges = times.filter((_, index) => index % Math.max(1, Math.floor(times.length / 12)) === 0);
      const ranges = edges.flatMap((t, index) => {
        const next = edges[index + 1] ?? t + 3_600_000;
        return [
          [t, next],
          [t + 1, next + 1],
          [t - 1, t + 1],
        ] as const;
      });
      for (const [from, to] of ranges) {
        const rows = await queryRows<{ tool_call_id: string }>(
          warehouse,
          `SELECT tool_call_id FROM (${reducedToolCallsSql(warehouse, { tenantId: tenant, fromMs: from, toMs: to })}) ORDER BY tool_call_id`,
        );
        const expected = all
          .filter((call) => call.t >= from && call.t < to)
          .map((call) => call.tool_call_id)
          .sort();
        expect(
          rows.map((row) => row.tool_call_id),
          `${tenant} [${from}, ${to})`,
        ).toEqual(expected);
      }
    }
  });

  // Last: they add the backfill's rows on top of the views' rows.
  it("the one-time backfill of tool_call_firsts adds exactly one +1 per call at its first time", async () => {
    const liveSigns = () =>
      queryRows<{ tenant_id: string; tool_call_id: string; first_at_ms: number; signs: number }>(
        warehouse,
        `SELECT tenant_id, tool_call_id, first_at_ms, sum(sign) AS signs FROM ${warehouse.table("tool_call_firsts")}
         GROUP BY tenant_id, tool_call_id, first_at_ms HAVING signs != 0 ORDER BY tenant_id, tool_call_id`,
      );
    const before = await liveSigns();
    for (let part = 0; part < 3; part++)
      await warehouse.client.command({ query: toolCallFirstsBackfillSql(warehouse, part, 3) });
    const after = await liveSigns();
    // The views left +1 per call at its first time; the backfill must add +1 at the same key and nowhere else.
    expect(after.map((row) => ({ ...row, signs: Number(row.signs) }))).toEqual(
      before.map((row) => ({ ...row, signs: Number(row.signs) + 1 })),
    );
    expect(() => toolCallFirstsBackfillSql(warehouse, 3, 3)).toThrow(RangeError);
  });

  it("the one-time backfill of tool_call_states adds exactly one +1 per call at its state", async () => {
    const before = await liveStates();
    expect(before.length).toBeGreaterThan(0);
    for (const tenant of dataset.tenants) {
      for (let part = 0; part < 2; part++)
        await warehouse.client.command({ query: toolCallStatesBackfillSql(warehouse, tenant, part, 2) });
    }
    expect(await liveStates()).toEqual(before.map((row) => ({ ...row, signs: row.signs + 1 })));
  });

  it("the one-time backfill of the id indexes adds exactly the pairs the events name, as the view does", async () => {
    const distinctPairs = (table: string, where: string) =>
      queryRows(
        warehouse,
        `SELECT DISTINCT tenant_id, response_id, tool_call_id FROM ${warehouse.table(table)} ${where} ORDER BY tenant_id, response_id, tool_call_id`,
      );
    const expected = await distinctPairs("tool_call_events", "WHERE response_id != ''");
    expect(expected.length).toBeGreaterThan(0);
    expect(await distinctPairs("tool_calls_by_response", "")).toEqual(expected);
    for (const statement of idIndexBackfillSql(warehouse)) await warehouse.client.command({ query: statement });
    expect(await distinctPairs("tool_calls_by_response", "")).toEqual(expected);
  });
});
