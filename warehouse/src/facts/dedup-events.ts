import type { Warehouse } from "../client";
import { emptyNarrowing, rowsFilter, type Narrowing } from "./sql-fragments";

export type FactTable = "responses" | "tool_call_events" | "feedback_events";

/**
 * One row per (tenant, event_id) of a fact table: the first delivery to arrive wins
 * (smallest ingested_at_ms), as in the contract's "the same event_id counts once".
 *
 * Reads raw rows rather than FINAL: a ReplacingMergeTree only collapses copies that
 * were merged into one part, and never across partitions, so reads must deduplicate
 * on their own. `narrowing` narrows the raw rows first (see rowsFilter); its conditions
 * must hold for every copy of an event (true for any column, since
 * copies of one event are identical).
 */
export function dedupedEventsSql(
  w: Warehouse,
  table: FactTable,
  tenantId: string,
  narrowing: Narrowing = emptyNarrowing(),
): string {
  return `SELECT * FROM ${w.table(table)}
    ${rowsFilter(tenantId, narrowing)}
    ORDER BY event_id, ingested_at_ms
    LIMIT 1 BY event_id`;
}
