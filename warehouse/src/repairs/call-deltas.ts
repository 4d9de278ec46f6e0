import type { Warehouse } from "../client";
import { insertRows } from "../insert-rows";
import { queryRows } from "../client";
import { reducedToolCallsSql } from "../facts/reduced-tool-calls";
import { sqlSubquery, tenantCondition } from "../facts/sql-fragments";
import { sqlValue } from "../sql/escape";

/** The call-keyed view tables the repairs keep in line with the facts. */
export type CallTable = "tool_call_firsts" | "tool_call_states";

/** Columns that key a call's row in each table, after tool_call_id (tool_call_states: the call's reduced state). */
const KEY_COLUMNS = {
  tool_call_firsts: ["first_at_ms"],
  tool_call_states: ["first_at_ms", "status", "tool_name", "error_category", "duration_ms"],
} as const satisfies Record<CallTable, readonly string[]>;

const NUMERIC = new Set(["first_at_ms", "duration_ms", "sign"]);

/** One row of a call-keyed table: tool_call_id, the table's key columns, and a sign. */
export type CallRow = Record<string, string | number> & { tool_call_id: string };
export type CallDelta = CallRow & { sign: number };

/**
 * The rows a call-keyed table needs for each signed sum to be 1 at each call's truth (`truth`:
 * one row per call, from the facts) and 0 at every other key.
 */
export function callDeltasOf(table: CallTable, truth: readonly CallRow[], stored: readonly CallDelta[]): CallDelta[] {
  const columns = ["tool_call_id", ...KEY_COLUMNS[table]];
  const keyOf = (row: CallRow) => JSON.stringify(columns.map((column) => row[column]));
  const want = new Map<string, number>();
  for (const row of truth) want.set(keyOf(row), 1);
  const have = new Map<string, number>();
  for (const row of stored) have.set(keyOf(row), (have.get(keyOf(row)) ?? 0) + row.sign);
  const deltas: CallDelta[] = [];
  for (const key of new Set([...want.keys(), ...have.keys()])) {
    const sign = (want.get(key) ?? 0) - (have.get(key) ?? 0);
    const values = JSON.parse(key) as (string | number)[];
    if (sign !== 0)
      deltas.push({
        ...(Object.fromEntries(columns.map((column, index) => [column, values[index]!])) as CallRow),
        sign,
      });
  }
  return deltas;
}

/** A call's truth per table, from the facts. */
function truthSql(w: Warehouse, table: CallTable, tenantId: string, calls: string): string {
  if (table === "tool_call_firsts") {
    return `SELECT tool_call_id, min(occurred_at_ms) AS first_at_ms FROM ${w.table("tool_call_events")}
      WHERE ${tenantCondition(tenantId)} AND tool_call_id IN (${calls}) GROUP BY tool_call_id`;
  }
  return `SELECT tool_call_id, ${KEY_COLUMNS.tool_call_states.join(", ")} FROM (${reducedToolCallsSql(w, { tenantId, toolCallIds: sqlSubquery(calls) })})`;
}

const numeric = <T extends Record<string, unknown>>(row: T): T =>
  Object.fromEntries(
    Object.entries(row).map(([column, value]) => [column, NUMERIC.has(column) ? Number(value) : value]),
  ) as T;

/** callDeltasOf for one table and the tenant's calls with an event in [from, to). */
export async function callDeltas(
  w: Warehouse,
  table: CallTable,
  tenantId: string,
  [fromMs, toMs]: [number, number],
): Promise<CallDelta[]> {
  const tenant = tenantCondition(tenantId);
  const calls = `SELECT tool_call_id FROM ${w.table("tool_call_events")} WHERE ${tenant} AND occurred_at_ms >= ${sqlValue(fromMs)} AND occurred_at_ms < ${sqlValue(toMs)}`;
  const keys = ["tool_call_id", ...KEY_COLUMNS[table]].join(", ");
  const [truth, stored] = await Promise.all([
    queryRows<CallRow>(w, truthSql(w, table, tenantId, calls)),
    queryRows<CallDelta>(
      w,
      `SELECT ${keys}, sum(sign) AS sign FROM ${w.table(table)} WHERE ${tenant} AND tool_call_id IN (${calls}) GROUP BY ${keys} HAVING sign != 0`,
    ),
  ]);
  return callDeltasOf(table, truth.map(numeric), stored.map(numeric));
}

/** Adds the rows through the Distributed table (sharded by call, like the views' own rows). */
export async function applyCallDeltas(
  w: Warehouse,
  table: CallTable,
  tenantId: string,
  deltas: readonly CallDelta[],
): Promise<void> {
  if (deltas.length === 0) return;
  await insertRows(
    w,
    table,
    deltas.map((delta) => ({ tenant_id: tenantId, first_at: Math.floor(Number(delta.first_at_ms) / 1000), ...delta })),
  );
}
