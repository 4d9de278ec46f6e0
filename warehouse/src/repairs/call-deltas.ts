import type { Warehouse } from "../client";
import { queryRows } from "../client";
import { CALL_STATUS_SQL } from "../facts/tool-call-firsts";
import { tenantCondition } from "../facts/sql-fragments";
import { sqlValue } from "../sql/escape";

/**
 * One row to add to a call-keyed view table: tool_call_firsts (a call at its first time) or
 * tool_call_states (a call at its first time with its reduced status).
 */
export interface CallDelta {
  tool_call_id: string;
  first_at_ms: number;
  status?: string;
  sign: number;
}

/** The call-keyed view tables the repairs keep in line with the facts. */
export type CallTable = "tool_call_firsts" | "tool_call_states";

const STATUS_OF: Record<CallTable, boolean> = { tool_call_firsts: false, tool_call_states: true };

/**
 * The rows a call-keyed table needs for each signed sum to be 1 at each call's truth (`truth`:
 * one row per call, from the facts) and 0 at every other key.
 */
export function callDeltasOf(truth: readonly Omit<CallDelta, "sign">[], stored: readonly CallDelta[]): CallDelta[] {
  const keyOf = (row: Omit<CallDelta, "sign">) => JSON.stringify([row.tool_call_id, row.first_at_ms, row.status ?? null]);
  const want = new Map<string, number>();
  for (const row of truth) want.set(keyOf(row), 1);
  const have = new Map<string, number>();
  for (const row of stored) have.set(keyOf(row), (have.get(keyOf(row)) ?? 0) + row.sign);
  const deltas: CallDelta[] = [];
  for (const key of new Set([...want.keys(), ...have.keys()])) {
    const sign = (want.get(key) ?? 0) - (have.get(key) ?? 0);
    const [tool_call_id, first_at_ms, status] = JSON.parse(key) as [string, number, string | null];
    if (sign !== 0) deltas.push({ tool_call_id, first_at_ms, ...(status === null ? {} : { status }), sign });
  }
  return deltas;
}

/** callDeltasOf for one table and the tenant's calls with an event in [from, to). */
export async function callDeltas(w: Warehouse, table: CallTable, tenantId: string, [fromMs, toMs]: [number, number]): Promise<CallDelta[]> {
  const tenant = tenantCondition(tenantId);
  const calls = `SELECT tool_call_id FROM ${w.table("tool_call_events")} WHERE ${tenant} AND occurred_at_ms >= ${sqlValue(fromMs)} AND occurred_at_ms < ${sqlValue(toMs)}`;
  const withStatus = STATUS_OF[table];
  const [truth, stored] = await Promise.all([
    queryRows<{ tool_call_id: string; first_at_ms: number; status?: string }>(
      w,
      `SELECT tool_call_id, min(occurred_at_ms) AS first_at_ms${withStatus ? `, ${CALL_STATUS_SQL} AS status` : ""}
       FROM ${w.table("tool_call_events")} WHERE ${tenant} AND tool_call_id IN (${calls}) GROUP BY tool_call_id`,
    ),
    queryRows<CallDelta>(
      w,
      `SELECT tool_call_id, first_at_ms${withStatus ? ", status" : ""}, sum(sign) AS sign FROM ${w.table(table)}
       WHERE ${tenant} AND tool_call_id IN (${calls}) GROUP BY tool_call_id, first_at_ms${withStatus ? ", status" : ""} HAVING sign != 0`,
    ),
  ]);
  return callDeltasOf(
    truth.map((row) => ({ ...row, first_at_ms: Number(row.first_at_ms) })),
    stored.map((row) => ({ ...row, first_at_ms: Number(row.first_at_ms), sign: Number(row.sign) })),
  );
}

/** Adds the rows through the Distributed table (sharded by call, like the views' own rows). */
export async function applyCallDeltas(w: Warehouse, table: CallTable, tenantId: string, deltas: readonly CallDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  await w.client.insert({
    table: w.table(table),
    values: deltas.map((delta) => ({ tenant_id: tenantId, first_at: Math.floor(delta.first_at_ms / 1000), ...delta })),
    format: "JSONEachRow",
  });
}
