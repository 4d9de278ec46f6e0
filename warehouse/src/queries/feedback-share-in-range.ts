import { queryRows, type Warehouse } from "../client";
import { msRange, tenantCondition } from "../facts/sql-fragments";

/**
 * The share of the tenant's stored feedback events that occurred in [from, to): 0 for a tenant
 * without feedback. A feedback route narrows its read to what was rated in range (the targets
 * route to the targets, the reasons route to the responses rated down) while this share is small:
 * the sets of targets and ids cost more than they save when they hold most of the events, and a
 * whole tenant's actions take the cheaper unnarrowed path of feedbackActionsSql. Each route keeps
 * its own threshold, measured. One count over the tenant's events (15-40 ms at 500,000).
 */
export async function feedbackShareInRange(
  warehouse: Warehouse,
  tenantId: string,
  from: number,
  to: number,
): Promise<number> {
  const [counts] = await queryRows<{ in_range: number; total: number }>(
    warehouse,
    `SELECT countIf(${msRange("occurred_at_ms", from, to).join(" AND ")}) AS in_range, count() AS total
     FROM ${warehouse.table("feedback_events")} WHERE ${tenantCondition(tenantId)}`,
  );
  const total = Number(counts?.total ?? 0);
  return total === 0 ? 0 : Number(counts?.in_range ?? 0) / total;
}
