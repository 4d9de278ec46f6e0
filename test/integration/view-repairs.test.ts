import {
  evaluateOutcomes,
  expiredWriteIntents,
  insertPrepared,
  onClusterClause,
  pendingViewRepairs,
  prepareFacts,
  promoteExpiredIntents,
  queryMetrics,
  queryRows,
  runViewRepairs,
  sqlValue,
  WriteIntents,
  type Dimension,
  type Warehouse,
} from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTenantState, diffMetricsRows, generateEdgeCaseDataset, referenceMetrics } from "../reference";
import { scannedFactTimes, storedFactTimes } from "../src/fact-times";
import { loadThroughSink } from "../src/load-through-sink";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

const dataset = generateEdgeCaseDataset(42);
const from = Date.parse(dataset.range.from);
const to = Date.parse(dataset.range.to);
const HOUR = 3_600_000;

const CASES: { name: string; from: number; to: number; groupBy?: Dimension[]; bucket?: "hour" }[] = [
  { name: "whole range", from, to },
  { name: "whole range by hour (the hourly rollup)", from, to, bucket: "hour" },
  { name: "by model (the hourly rollup)", from, to, groupBy: ["model"] },
  { name: "by channel and prompt version (metrics_5m)", from, to, groupBy: ["channel", "prompt_version"] },
  { name: "unaligned sub-range", from: from + 5 * HOUR + 13_457, to: to - 7 * HOUR - 61_001 },
];

async function metricsDiff(warehouse: Warehouse, tenant: string, range: (typeof CASES)[number]): Promise<string[]> {
  const query = {
    tenantId: tenant,
    from: new Date(range.from).toISOString(),
    to: new Date(range.to).toISOString(),
    filters: {},
    groupBy: range.groupBy ?? [],
    bucket: range.bucket,
  };
  const expected = referenceMetrics(dataset.events, {
    tenant_id: tenant,
    from: query.from,
    to: query.to,
    group_by: range.groupBy,
    bucket: range.bucket,
  });
  const actual = await queryMetrics(warehouse, query);
  return diffMetricsRows(expected.rows, actual.rows);
}

/** Every materialized view of the database: detached, they stand for a replica killed between an INSERT's fact part and its views' parts. */
async function materializedViews(warehouse: Warehouse): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    warehouse,
    `SELECT name FROM system.tables WHERE database = ${sqlValue(warehouse.target.database)} AND engine = 'MaterializedView' ORDER BY name`,
  );
  return rows.map((row) => row.name);
}

/**
 * A write that stored its facts without its views' rows (migrations 0009, 0010,
 * warehouse/src/repairs/): the second half of the edge-case data set (corrected response
 * versions, tool-call events out of order) goes through the real sink while every view is
 * detached, each batch announced and never cancelled, as by a writer killed during its INSERTs;
 * one repair round must make every figure equal the reference again.
 */
describe("view repairs", () => {
  let warehouse: Warehouse;
  /** "tenant hour" of every response and tool-call row written without views. */
  const noted = new Set<string>();
  /** Announcements of the writes without views, one per batch and tenant. */
  let announced = 0;
  /** A batch of those, announced again by the test of announcements. */
  let sample: Parameters<WriteIntents["open"]>[0] | undefined;

  beforeAll(async () => {
    ({ warehouse } = await createTestWarehouse("as_repairs"));
    const half = Math.floor(dataset.events.length / 2);
    const receivedAtMs = await loadThroughSink(warehouse, dataset.events.slice(0, half), 50);
    // Labelled once before the views go: the run after the failed writes is incremental and reads the id indexes.
    await evaluateOutcomes(warehouse, { settleMs: 0 });
    const views = await materializedViews(warehouse);
    expect(views.length).toBeGreaterThanOrEqual(8);
    const onCluster = onClusterClause(warehouse.target);
    for (const view of views)
      await warehouse.client.command({ query: `DETACH TABLE ${warehouse.table(view)} ${onCluster}` });
    await loadThroughSink(warehouse, dataset.events.slice(half), 50, {
      receivedAtMs,
      onBatch: async (batch) => {
        // Expired at once: these writes never return.
        announced += (await new WriteIntents(warehouse, 0).open(batch)).rows.length;
        sample ??= batch;
        for (const row of [...batch.responses, ...batch.toolCalls])
          noted.add(`${row.tenant_id} ${Math.floor(row.occurred_at_ms / HOUR) * HOUR}`);
      },
    });
    for (const view of views)
      await warehouse.client.command({ query: `ATTACH TABLE ${warehouse.table(view)} ${onCluster}` });
    await evaluateOutcomes(warehouse, { settleMs: 0 });
  });
  afterAll(() => dropTestWarehouse(warehouse));

  it("finds the figures short before the repair (so the repair has something to do)", async () => {
    for (const tenant of dataset.tenants)
      expect(await metricsDiff(warehouse, tenant, CASES[0]!), tenant).not.toEqual([]);
    expect(await storedFactTimes(warehouse)).not.toEqual(await scannedFactTimes(warehouse));
  });

  it("leaves an announced write open until it returns, and repairs only writes that did not return in time", async () => {
    const ids = (intent: { rows: readonly { intent_id: string }[] }) => intent.rows.map((row) => row.intent_id);
    const returned = new WriteIntents(warehouse, 0);
    const returnedIntent = await returned.open(sample!);
    returned.close(returnedIntent);
    await returned.flush();
    const inFlight = await new WriteIntents(warehouse, 3_600_000).open(sample!);
    expect(ids(inFlight).length).toBeGreaterThan(0);
    const openIds = (await expiredWriteIntents(warehouse, Number.MAX_SAFE_INTEGER)).map((intent) => intent.repairId);
    const expiredIds = (await expiredWriteIntents(warehouse, Date.now())).map((intent) => intent.repairId);
    expect(openIds).toEqual(expect.arrayContaining(ids(inFlight)));
    for (const id of ids(returnedIntent)) expect(openIds).not.toContain(id);
    for (const id of ids(inFlight)) expect(expiredIds).not.toContain(id);
    expect(expiredIds).toHaveLength(announced);
    expect(await pendingViewRepairs(warehouse)).toEqual([]);
  });

  it("starts no INSERT of a write before its announcement is stored", async () => {
    const tenant = "t-gate";
    const batch = {
      ...sample!,
      responses: sample!.responses.map((row) => ({ ...row, tenant_id: tenant })),
      toolCalls: sample!.toolCalls.map((row) => ({ ...row, tenant_id: tenant })),
      feedback: [],
      rejected: [],
      externalLabels: [],
      texts: [],
    };
    const stored = async () => {
      const [row] = await queryRows<{ n: number }>(
        warehouse,
        `SELECT (SELECT count() FROM ${warehouse.table("responses")} WHERE tenant_id = ${sqlValue(tenant)}) + (SELECT count() FROM ${warehouse.table("tool_call_events")} WHERE tenant_id = ${sqlValue(tenant)}) AS n`,
      );
      return Number(row!.n);
    };
    // As the ingest service writes: the announcement runs beside the duplicate checks and fails
    // after they have answered; nothing may be stored.
    const failedAnnouncement = new Promise((_, reject) =>
      setTimeout(() => reject(new Error("announcement failed")), 500),
    );
    failedAnnouncement.catch(() => undefined);
    const prepared = await prepareFacts(warehouse, batch);
    await expect(insertPrepared(warehouse, prepared, failedAnnouncement)).rejects.toThrow("announcement failed");
    expect(await stored()).toBe(0);
    const written = await insertPrepared(warehouse, await prepareFacts(warehouse, batch), Promise.resolve());
    expect(written.responses + written.toolCalls).toBeGreaterThan(0);
    expect(await stored()).toBe(written.responses + written.toolCalls);
  });

  it("turns every announced write that never returned into a pending repair of its hours, once", async () => {
    expect(await promoteExpiredIntents(warehouse)).toBe(announced);
    expect(await promoteExpiredIntents(warehouse)).toBe(0);
    const pending = await pendingViewRepairs(warehouse);
    expect(pending).toHaveLength(announced);
    expect([...new Set(pending.map((repair) => repair.tenantId))].sort()).toEqual([...dataset.tenants].sort());
    expect(new Set(pending.flatMap((repair) => repair.hourStarts.map((hour) => `${repair.tenantId} ${hour}`)))).toEqual(
      noted,
    );
  });

  it("repairs every pending record in one round and adds the rows the views lacked", async () => {
    const round = await runViewRepairs(warehouse, { settleMs: 200, lockTimeoutMs: 60_000, lockLeaseMs: 600_000 });
    expect(round).toMatchObject({ promoted: 0, pending: announced, repaired: announced });
    expect(round.applied).toBeGreaterThan(0);
    expect(await pendingViewRepairs(warehouse)).toEqual([]);
    // As the evaluator's next run would: the repair moved its watermark back to the failed writes.
    await evaluateOutcomes(warehouse, { settleMs: 0 });
  });

  it("gives every tenant its newest ingest and event times again", async () => {
    expect(await storedFactTimes(warehouse)).toEqual(await scannedFactTimes(warehouse));
  });

  it.each(CASES)("the metrics route equals the reference again: $name", async (range) => {
    for (const tenant of dataset.tenants) expect(await metricsDiff(warehouse, tenant, range), tenant).toEqual([]);
  });

  it("keeps one live first time and state per tool call, its earliest event's, and indexes every call under its response", async () => {
    for (const tenant of dataset.tenants) {
      const calls = buildTenantState(dataset.events, tenant).toolCalls;
      const live = await queryRows<{ tool_call_id: string; first_at_ms: number }>(
        warehouse,
        `SELECT tool_call_id, first_at_ms, sum(sign) AS signs FROM ${warehouse.table("tool_call_firsts")}
         WHERE tenant_id = ${sqlValue(tenant)} GROUP BY tool_call_id, first_at_ms HAVING signs = 1 ORDER BY tool_call_id`,
      );
      const expected = [...calls]
        .sort((a, b) => (a.tool_call_id < b.tool_call_id ? -1 : 1))
        .map((call) => ({ tool_call_id: call.tool_call_id, first_at_ms: call.t }));
      expect(live.map((row) => ({ tool_call_id: row.tool_call_id, first_at_ms: Number(row.first_at_ms) }))).toEqual(
        expected,
      );
      const [stray] = await queryRows<{ n: number }>(
        warehouse,
        `SELECT count() AS n FROM (SELECT sum(sign) AS signs FROM ${warehouse.table("tool_call_firsts")} WHERE tenant_id = ${sqlValue(tenant)} GROUP BY tool_call_id, first_at_ms HAVING signs NOT IN (0, 1))`,
      );
      expect(Number(stray!.n)).toBe(0);
      const states = await queryRows<{
        tool_call_id: string;
        first_at_ms: number;
        status: string;
        tool_name: string;
        duration_ms: number;
        signs: number;
      }>(
        warehouse,
        `SELECT tool_call_id, first_at_ms, status, tool_name, duration_ms, sum(sign) AS signs FROM ${warehouse.table("tool_call_states")}
         WHERE tenant_id = ${sqlValue(tenant)} GROUP BY tool_call_id, first_at_ms, status, tool_name, error_category, duration_ms HAVING signs != 0 ORDER BY tool_call_id`,
      );
      expect(
        states.map((row) => ({
          ...row,
          first_at_ms: Number(row.first_at_ms),
          duration_ms: Number(row.duration_ms),
          signs: Number(row.signs),
        })),
      ).toEqual(
        [...calls]
          .sort((a, b) => (a.tool_call_id < b.tool_call_id ? -1 : 1))
          .map((call) => ({
            tool_call_id: call.tool_call_id,
            first_at_ms: call.t,
            status: call.status,
            tool_name: call.tool_name,
            duration_ms: call.duration_ms ?? -1,
            signs: 1,
          })),
      );
      const indexed = await queryRows<{ n: number }>(
        warehouse,
        `SELECT count() AS n FROM (SELECT DISTINCT response_id, tool_call_id FROM ${warehouse.table("tool_calls_by_response")} WHERE tenant_id = ${sqlValue(tenant)})`,
      );
      const pairs = await queryRows<{ n: number }>(
        warehouse,
        `SELECT count() AS n FROM (SELECT DISTINCT response_id, tool_call_id FROM ${warehouse.table("tool_call_events")} WHERE tenant_id = ${sqlValue(tenant)} AND response_id != '')`,
      );
      expect(Number(indexed[0]!.n)).toBe(Number(pairs[0]!.n));
    }
  });

  it("finds nothing left to do in the next round", async () => {
    expect(await runViewRepairs(warehouse, { settleMs: 200, lockTimeoutMs: 60_000, lockLeaseMs: 600_000 })).toEqual({
      promoted: 0,
      pending: 0,
      repaired: 0,
      applied: 0,
    });
  });
});
