import {
  eraseUser,
  evaluateOutcomes,
  queryMetrics,
  queryRows,
  queryTools,
  sqlValue,
  userHashOf,
  type Warehouse,
} from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateEdgeCaseDataset, type EdgeCaseDataset } from "../reference";
import { loadThroughSink } from "../src/load-through-sink";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

const TENANT = "t-acme";
type Event = { tenant_id?: string; user_id?: string; event_type?: string };

/** The tenant's user with the most events: one with answers, calls and ratings to erase. */
function busiestUser(dataset: EdgeCaseDataset): string {
  const counts = new Map<string, number>();
  for (const event of dataset.events as Event[])
    if (event.tenant_id === TENANT && event.user_id) counts.set(event.user_id, (counts.get(event.user_id) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

/**
 * `answerscope erase`: after one user is erased, no table holds a row of that user, and every
 * figure of the tenant equals the figures of a warehouse that never received the user's events
 * (the same data set without them, loaded and labelled the same way).
 */
describe("erasing one user", () => {
  let erased: Warehouse;
  let never: Warehouse;
  let dataset: EdgeCaseDataset;
  let user: string;
  let deleted: Record<string, number>;

  beforeAll(async () => {
    dataset = generateEdgeCaseDataset(Number(process.env.REF_SEED ?? 42));
    user = busiestUser(dataset);
    ({ warehouse: erased } = await createTestWarehouse("as_erased"));
    ({ warehouse: never } = await createTestWarehouse("as_never"));
    const now = Date.now() + 3_600_000;
    await loadThroughSink(erased, dataset.events);
    await loadThroughSink(
      never,
      (dataset.events as Event[]).filter((event) => !(event.tenant_id === TENANT && event.user_id === user)),
    );
    await evaluateOutcomes(erased, { settleMs: 0, now });
    await evaluateOutcomes(never, { settleMs: 0, now });
    ({ deletedRows: deleted } = await eraseUser(erased, { tenantId: TENANT, userId: user, settleMs: 50 }));
    // The evaluator's next run, as `answerscope serve` makes it: the erasure moved its watermark back.
    await evaluateOutcomes(erased, { settleMs: 0, now });
  });

  afterAll(async () => {
    await dropTestWarehouse(erased);
    await dropTestWarehouse(never);
  });

  it("removes the user's facts and what was derived from them, and records the erasure by a hash", async () => {
    expect(deleted.responses).toBeGreaterThan(0);
    expect(deleted.tool_call_events).toBeGreaterThan(0);
    expect(deleted.feedback_events).toBeGreaterThan(0);
    expect(deleted.response_labels).toBeGreaterThan(0);
    for (const table of ["responses", "tool_call_events", "feedback_events"]) {
      const [row] = await queryRows<{ n: number }>(
        erased,
        `SELECT count() AS n FROM ${erased.table(table)} WHERE tenant_id = ${sqlValue(TENANT)} AND user_id = ${sqlValue(user)}`,
      );
      expect(Number(row!.n), table).toBe(0);
    }
    // Every table keyed by response or call holds the same keys of the tenant as the warehouse that never had the user (the
    // indexes may hold a key twice, at two versions' times). tool_call_firsts and tool_call_states hold signed rows: compared
    // through the tools figures below.
    const keys = {
      response_labels: "response_id",
      response_labels_by_time: "response_id",
      external_outcome_labels: "response_id, source, event_id",
      responses_by_session: "session_id, response_id",
      tool_calls_by_response: "response_id, tool_call_id",
    };
    for (const [table, key] of Object.entries(keys)) {
      const stored = (w: Warehouse) =>
        queryRows<Record<string, string>>(
          w,
          `SELECT DISTINCT ${key} FROM ${w.table(table)} WHERE tenant_id = ${sqlValue(TENANT)} ORDER BY ${key}`,
        );
      const [a, b] = await Promise.all([stored(erased), stored(never)]);
      // The data set labels no t-acme answer by another system: that table is compared empty.
      if (table !== "external_outcome_labels") expect(a.length, table).toBeGreaterThan(0);
      expect(a, table).toEqual(b);
    }
    const records = await queryRows<{ user_hash: string; deleted_rows: string }>(
      erased,
      `SELECT user_hash, deleted_rows FROM ${erased.table("erasures")} WHERE tenant_id = ${sqlValue(TENANT)}`,
    );
    expect(records.map((record) => [record.user_hash, JSON.parse(record.deleted_rows)])).toEqual([
      [userHashOf(user), deleted],
    ]);
  });

  it("leaves every figure of the tenant as if the user had never sent anything", async () => {
    const range = { tenantId: TENANT, from: dataset.range.from, to: dataset.range.to };
    for (const group_by of [[], ["model"], ["channel"]] as string[][]) {
      const [a, b] = await Promise.all(
        [erased, never].map((w) =>
          queryMetrics(w, { ...range, groupBy: group_by } as Parameters<typeof queryMetrics>[1]),
        ),
      );
      expect(a, `metrics by ${group_by.join() || "nothing"}`).toEqual(b);
    }
    const [toolsA, toolsB] = await Promise.all([erased, never].map((w) => queryTools(w, range)));
    expect(toolsA).toEqual(toolsB);
    // The tenant had other users: the figures compared are not empty.
    expect(
      (await queryMetrics(never, range as Parameters<typeof queryMetrics>[1])).rows[0]!.response_count,
    ).toBeGreaterThan(0);
  });
});
