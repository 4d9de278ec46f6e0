import { queryRows, tenantFactTimesSql, TIMED_FACT_TABLES, type Warehouse } from "@answerscope/warehouse";
import { waitFor } from "@answerscope/test-kit";

export interface FactTimes {
  tenant_id: string;
  max_ingested_at_ms: number;
  max_occurred_at_ms: number;
}

const asNumbers = (rows: FactTimes[]) =>
  rows.map((row) => ({
    ...row,
    max_ingested_at_ms: Number(row.max_ingested_at_ms),
    max_occurred_at_ms: Number(row.max_occurred_at_ms),
  }));

/** What the fact tables themselves say, by a scan of every row. */
export async function scannedFactTimes(w: Warehouse): Promise<FactTimes[]> {
  const perTable = TIMED_FACT_TABLES.map(
    (table) => `SELECT tenant_id, ingested_at_ms, occurred_at_ms FROM ${w.table(table)}`,
  ).join(" UNION ALL ");
  return asNumbers(
    await queryRows<FactTimes>(
      w,
      `SELECT tenant_id, max(ingested_at_ms) AS max_ingested_at_ms, max(occurred_at_ms) AS max_occurred_at_ms FROM (${perTable}) GROUP BY tenant_id ORDER BY tenant_id`,
    ),
  );
}

/** What tenant_fact_times (migration 0016) says. */
export const storedFactTimes = async (w: Warehouse, tenantId?: string) =>
  asNumbers(await queryRows<FactTimes>(w, tenantFactTimesSql(w, tenantId)));

/**
 * What tenant_fact_times says once it says `expected`, or its last answer after `timeoutMs`, so the
 * caller's assertion shows the difference. On a cluster a view's block lands on the replica that
 * took the insert and reaches the other by replication, and a read after a failover may ask that
 * other replica first; on one node the first read is final.
 */
export const settledFactTimes = (
  w: Warehouse,
  expected: FactTimes[],
  tenantId?: string,
  timeoutMs = 15_000,
): Promise<FactTimes[]> =>
  waitFor(
    () => storedFactTimes(w, tenantId),
    (rows) => JSON.stringify(rows) === JSON.stringify(expected),
    { timeoutMs, what: "tenant_fact_times" },
  ).catch(() => storedFactTimes(w, tenantId));
