import { queryRows, type Warehouse } from "../client";
import { msRange, tenantCondition } from "../facts/sql-fragments";

/**
 * A feedback route narrows its read to what was rated in range (the targets route to the targets,
 * the reasons route to the responses rated down) while the range's events are a small share of
 * the tenant's: the sets of targets and ids cost more than they save when they hold nearly all of
 * them, and a whole tenant's actions take the cheaper unnarrowed path of feedbackActionsSql.
 * Measured at 500,000 feedback events, the targets route (share in range: whole -> narrowed, p50,
 * when the whole tenant's actions were still one pass, since about twice as fast): 24 h (1 %)
 * 2.4 -> 0.5 s, 7 d (8 %) 2.9 -> 1.1 s, 30 d (33 %) 4.0 -> 2.4 s, 45 d (50 %) 4.3 -> 3.4 s, 90 d
 * (all) 5.0 -> 7.0 s; the reasons route's ratings over 90 days (the 30 % of the events that rate
 * down a response of the range) narrowed 2.8-3.1 s, whole 1.4-2.0 s. One count over the tenant's events
 * decides (15-40 ms there).
 */
const NARROW_BELOW_SHARE = 0.6;

export async function feedbackRangeIsSmallShare(warehouse: Warehouse, tenantId: string, from: number, to: number): Promise<boolean> {
  const [counts] = await queryRows<{ in_range: number; total: number }>(
    warehouse,
    `SELECT countIf(${msRange("occurred_at_ms", from, to).join(" AND ")}) AS in_range, count() AS total
     FROM ${warehouse.table("feedback_events")} WHERE ${tenantCondition(tenantId)}`,
  );
  return Number(counts?.in_range ?? 0) < NARROW_BELOW_SHARE * Number(counts?.total ?? 0);
}
