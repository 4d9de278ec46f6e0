import type { Warehouse } from "../client";
import { queryRows } from "../client";
import { tenantCondition } from "../facts/sql-fragments";
import { sqlValue } from "../sql/escape";

/** One row to add to tool_call_firsts. */
export interface FirstsDelta {
  tool_call_id: string;
  first_at_ms: number;
  sign: number;
}

/**
 * The rows tool_call_firsts needs for each signed sum to be 1 at a call's first time (its
 * earliest event) and 0 at every other time.
 */
export function firstsDeltasOf(firsts: ReadonlyMap<string, number>, stored: readonly FirstsDelta[]): FirstsDelta[] {
  const keyOf = (id: string, firstAtMs: number) => JSON.stringify([id, firstAtMs]);
  const want = new Map<string, number>();
  for (const [id, firstAtMs] of firsts) want.set(keyOf(id, firstAtMs), 1);
  const have = new Map<string, number>();
  for (const row of stored) have.set(keyOf(row.tool_call_id, row.first_at_ms), (have.get(keyOf(row.tool_call_id, row.first_at_ms)) ?? 0) + row.sign);
  const deltas: FirstsDelta[] = [];
  for (const key of new Set([...want.keys(), ...have.keys()])) {
    const sign = (want.get(key) ?? 0) - (have.get(key) ?? 0);
    const [tool_call_id, first_at_ms] = JSON.parse(key) as [string, number];
    if (sign !== 0) deltas.push({ tool_call_id, first_at_ms, sign });
  }
  return deltas;
}

/** firstsDeltasOf for the tenant's calls with an event in [from, to). */
export async function firstsDeltas(w: Warehouse, tenantId: string, [fromMs, toMs]: [number, number]): Promise<FirstsDelta[]> {
  const tenant = tenantCondition(tenantId);
  const calls = `SELECT tool_call_id FROM ${w.table("tool_call_events")} WHERE ${tenant} AND occurred_at_ms >= ${sqlValue(fromMs)} AND occurred_at_ms < ${sqlValue(toMs)}`;
  const [firsts, stored] = await Promise.all([
    queryRows<{ tool_call_id: string; first_at_ms: number }>(
      w,
      `SELECT tool_call_id, min(occurred_at_ms) AS first_at_ms FROM ${w.table("tool_call_events")} WHERE ${tenant} AND tool_call_id IN (${calls}) GROUP BY tool_call_id`,
    ),
    queryRows<FirstsDelta>(
      w,
      `SELECT tool_call_id, first_at_ms, sum(sign) AS sign FROM ${w.table("tool_call_firsts")} WHERE ${tenant} AND tool_call_id IN (${calls}) GROUP BY tool_call_id, first_at_ms HAVING sign != 0`,
    ),
  ]);
  return firstsDeltasOf(
    new Map(firsts.map((row) => [row.tool_call_id, Number(row.first_at_ms)])),
    stored.map((row) => ({ ...row, first_at_ms: Number(row.first_at_ms), sign: Number(row.sign) })),
  );
}

/** Adds the rows through the Distributed table (sharded by call, like the views' own rows). */
export async function applyFirstsDeltas(w: Warehouse, tenantId: string, deltas: readonly FirstsDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  await w.client.insert({
    table: w.table("tool_call_firsts"),
    values: deltas.map((delta) => ({ tenant_id: tenantId, first_at: Math.floor(delta.first_at_ms / 1000), ...delta })),
    format: "JSONEachRow",
  });
}
