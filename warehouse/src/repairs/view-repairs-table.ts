import type { Warehouse } from "../client";
import { insertRows } from "../insert-rows";
import { queryRows } from "../client";
import { secondsOf, type ViewRepairScope } from "./repair-scope";

export interface PendingViewRepair extends ViewRepairScope {
  repairId: string;
}

/** Records that these hours' view rows must be checked (migration 0009); recording one id again is harmless. */
export async function recordViewRepairs(w: Warehouse, scopes: readonly PendingViewRepair[]): Promise<void> {
  if (scopes.length === 0) return;
  const requestedAt = secondsOf(Date.now());
  await insertRows(
    w,
    "view_repairs",
    scopes.map((scope) => ({
      tenant_id: scope.tenantId,
      repair_id: scope.repairId,
      hour_starts: scope.hourStarts.map(secondsOf),
      min_ingested_at_ms: scope.minIngestedAtMs,
      requested_at: requestedAt,
      repaired: 0,
    })),
  );
}

/**
 * Rows of `view_repairs` or `write_intents` (the same scope columns), one per id folded over its
 * rows, as repairs. `table` and `idColumn` come from the two callers, never from input.
 */
export async function readRepairScopes(
  w: Warehouse,
  from: {
    table: "view_repairs" | "write_intents";
    idColumn: "repair_id" | "intent_id";
    having: string;
    orderBy: string;
  },
): Promise<PendingViewRepair[]> {
  const rows = await queryRows<{ tenant_id: string; id: string; hour_starts: number[]; min_ingested_at_ms: number }>(
    w,
    `SELECT tenant_id, ${from.idColumn} AS id, any(arrayMap(hour -> toUInt32(hour), hour_starts)) AS hour_starts, min(min_ingested_at_ms) AS min_ingested_at_ms
     FROM ${w.table(from.table)} GROUP BY tenant_id, ${from.idColumn} HAVING ${from.having} ORDER BY ${from.orderBy}`,
  );
  return rows.map((row) => ({
    tenantId: row.tenant_id,
    repairId: row.id,
    hourStarts: row.hour_starts.map((hour) => Number(hour) * 1000),
    minIngestedAtMs: Number(row.min_ingested_at_ms),
  }));
}

/** Repairs recorded and not done yet, oldest first. */
export const pendingViewRepairs = (w: Warehouse): Promise<PendingViewRepair[]> =>
  readRepairScopes(w, {
    table: "view_repairs",
    idColumn: "repair_id",
    having: "max(repaired) = 0",
    orderBy: "min(requested_at)",
  });

export async function markViewRepaired(w: Warehouse, repair: PendingViewRepair): Promise<void> {
  await insertRows(w, "view_repairs", [
    {
      tenant_id: repair.tenantId,
      repair_id: repair.repairId,
      hour_starts: repair.hourStarts.map(secondsOf),
      min_ingested_at_ms: repair.minIngestedAtMs,
      requested_at: secondsOf(Date.now()),
      repaired: 1,
    },
  ]);
}
