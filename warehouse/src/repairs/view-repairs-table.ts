import type { Warehouse } from "../client";
import { queryRows } from "../client";
import type { ViewRepairScope } from "./repair-scope";

export interface PendingViewRepair extends ViewRepairScope {
  repairId: string;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/** Records that these hours' view rows must be checked (migration 0009); recording one id again is harmless. */
export async function recordViewRepairs(w: Warehouse, scopes: readonly PendingViewRepair[]): Promise<void> {
  if (scopes.length === 0) return;
  const requestedAt = seconds(Date.now());
  await w.client.insert({
    table: w.table("view_repairs"),
    values: scopes.map((scope) => ({ tenant_id: scope.tenantId, repair_id: scope.repairId, hour_starts: scope.hourStarts.map(seconds), min_ingested_at_ms: scope.minIngestedAtMs, requested_at: requestedAt, repaired: 0 })),
    format: "JSONEachRow",
  });
}

/** Repairs recorded and not done yet, oldest first. */
export async function pendingViewRepairs(w: Warehouse): Promise<PendingViewRepair[]> {
  const rows = await queryRows<{ tenant_id: string; repair_id: string; hour_starts: number[]; min_ingested_at_ms: number }>(
    w,
    `SELECT tenant_id, repair_id, any(arrayMap(hour -> toUInt32(hour), hour_starts)) AS hour_starts, min(min_ingested_at_ms) AS min_ingested_at_ms, min(requested_at) AS requested
     FROM ${w.table("view_repairs")} GROUP BY tenant_id, repair_id HAVING max(repaired) = 0 ORDER BY requested`,
  );
  return rows.map((row) => ({ tenantId: row.tenant_id, repairId: row.repair_id, hourStarts: row.hour_starts.map((hour) => Number(hour) * 1000), minIngestedAtMs: Number(row.min_ingested_at_ms) }));
}

export async function markViewRepaired(w: Warehouse, repair: PendingViewRepair): Promise<void> {
  await w.client.insert({
    table: w.table("view_repairs"),
    values: [{ tenant_id: repair.tenantId, repair_id: repair.repairId, hour_starts: repair.hourStarts.map(seconds), min_ingested_at_ms: repair.minIngestedAtMs, requested_at: seconds(Date.now()), repaired: 1 }],
    format: "JSONEachRow",
  });
}
