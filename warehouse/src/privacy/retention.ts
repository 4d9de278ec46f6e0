import { queryRows, type Warehouse } from "../client";
import { inIdSet, tenantCondition } from "../facts/sql-fragments";
import { sqlValue } from "../sql/escape";
import { countRows, deleteRows } from "./delete-rows";
import { tenantPrivacy, type PrivacyConfig } from "./tenant-privacy";
import { TENANT_TABLE_NAMES, TENANT_TABLES, type TenantTable } from "./tenant-tables";

const DAY_MS = 86_400_000;

/**
 * The first instant a retention of `days` keeps: the start of the UTC day `days` days before
 * today's. Whole days go, never part of one, so every hour and day a view or the rollup sums
 * loses its facts and its sums together.
 */
export const retentionCutoffMs = (nowMs: number, days: number): number => (Math.floor(nowMs / DAY_MS) - days) * DAY_MS;

/** What one tenant's retention removes (or, in a dry run, would remove). */
export interface TenantRetention {
  tenantId: string;
  retentionDays: number;
  /** The first instant kept (ISO, UTC midnight). */
  keptFrom: string;
  /** Rows older than `keptFrom`, per table of TENANT_TABLES. */
  rows: Record<TenantTable, number>;
}

/**
 * A tenant's rows older than `cutoffMs`, per table, by its time column (tenant-tables.ts). Tool
 * calls go whole by their first event: a call begun before the cutoff goes with its later events,
 * whose ids are read first (the calls that straddle the cutoff: few, calls last seconds).
 */
async function oldRowConditions(w: Warehouse, tenantId: string, cutoffMs: number) {
  const tenant = tenantCondition(tenantId);
  const cutoff = sqlValue(new Date(cutoffMs));
  const straddling = (
    await queryRows<{ tool_call_id: string }>(
      w,
      `SELECT tool_call_id FROM ${w.table("tool_call_events")} WHERE ${tenant}
       GROUP BY tool_call_id HAVING min(occurred_at) < ${cutoff} AND max(occurred_at) >= ${cutoff}`,
    )
  ).map((row) => row.tool_call_id);
  const callCondition =
    straddling.length > 0
      ? `(occurred_at < ${cutoff} OR ${inIdSet("tool_call_id", straddling)})`
      : `occurred_at < ${cutoff}`;
  return TENANT_TABLE_NAMES.map((table) => {
    const time: string = TENANT_TABLES[table].time;
    const old =
      time === "call"
        ? callCondition
        : time.endsWith("_ms")
          ? `${time} < ${sqlValue(cutoffMs)}`
          : `${time} < ${cutoff}`;
    return { table, condition: `${tenant} AND ${old}` };
  });
}

/** Every tenant with stored rows: those with facts (tenant_fact_times) and those with refused events only. */
async function storedTenants(w: Warehouse): Promise<string[]> {
  const tenants = await Promise.all(
    ["tenant_fact_times", "rejected_events"].map((table) =>
      queryRows<{ tenant_id: string }>(w, `SELECT DISTINCT tenant_id FROM ${w.table(table)}`),
    ),
  );
  return [...new Set(tenants.flat().map((row) => row.tenant_id))].sort();
}

export interface RetentionOptions {
  /** Delete (true), or only count what would go (a dry run). */
  apply: boolean;
  nowMs?: number;
  /** A line per tenant: its cutoff and the rows per table. */
  log?: (line: string) => void;
}

/**
 * Applies every tenant's `retention_days` (docs/privacy.md, "Retention"): per tenant with one,
 * the rows of whole UTC days older than it go from every table of TENANT_TABLES, facts and refused
 * events and the views' and the rollup's rows of those days alike, so no figure keeps an hour
 * whose facts are gone and no hour keeps a figure without them. Tenants without a retention are
 * not read. A deletion already done finds nothing the next time: running it twice is harmless.
 */
export async function applyRetention(
  w: Warehouse,
  config: PrivacyConfig,
  options: RetentionOptions,
): Promise<TenantRetention[]> {
  const nowMs = options.nowMs ?? Date.now();
  const results: TenantRetention[] = [];
  for (const tenantId of await storedTenants(w)) {
    const retentionDays = tenantPrivacy(config, tenantId).retention_days;
    if (retentionDays === null) continue;
    const cutoffMs = retentionCutoffMs(nowMs, retentionDays);
    const conditions = await oldRowConditions(w, tenantId, cutoffMs);
    const counts = await Promise.all(conditions.map(({ table, condition }) => countRows(w, table, condition)));
    const rows = Object.fromEntries(conditions.map(({ table }, i) => [table, counts[i]!])) as Record<
      TenantTable,
      number
    >;
    const result = { tenantId, retentionDays, keptFrom: new Date(cutoffMs).toISOString(), rows };
    if (options.apply)
      await deleteRows(
        w,
        conditions.filter((_, i) => counts[i]! > 0),
      );
    options.log?.(retentionLine(result, options.apply));
    results.push(result);
  }
  return results;
}

/** `retention: acme keeps 30 days (from ...): deleted responses=12 ...`, the tables with rows only. */
export function retentionLine(result: TenantRetention, applied: boolean): string {
  const tables = Object.entries(result.rows).filter(([, n]) => n > 0);
  const what = tables.length > 0 ? tables.map(([table, n]) => `${table}=${n}`).join(" ") : "nothing";
  return `retention: ${result.tenantId} keeps ${result.retentionDays} days (from ${result.keptFrom}): ${applied ? "deleted" : "would delete"} ${what}`;
}
