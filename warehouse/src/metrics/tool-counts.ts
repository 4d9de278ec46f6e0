import type { Warehouse } from "../client";
import { queryRows } from "../client";
import { msRange, tenantCondition } from "../facts/sql-fragments";
import type { MetricsQuery } from "../queries/query-input";
import { rowKeyGroupBy, rowKeyOf, rowKeySelect, type RowKeys } from "./row-keys";

export interface ToolCounts {
  completed: number;
  failed: number;
  unfinished: number;
}

interface CountsRow extends Record<string, unknown> {
  completed: number;
  failed: number;
  unfinished: number;
}

/**
 * Whether a row is filtered or grouped by response dimensions. docs/metrics.md: such a row's tool
 * figures cover the calls of its responses (read from their label rows, label-counts.ts); any other
 * row counts every call of the range, with or without a response, by the call's own time.
 */
export const toolsFollowResponses = (query: MetricsQuery, keys: RowKeys): boolean =>
  keys.groupBy.length > 0 || Object.keys(query.filters).length > 0;

/**
 * Reduced tool calls per metrics row without dimensions (docs/metrics.md): a call's time is its
 * first event; when bucketed, a call counts in the bucket of its own time. Read from
 * tool_call_states (migration 0012), where the signs of a call sum to 1 at its current (first
 * time, status) and to 0 elsewhere, so a plain signed sum per status counts each call once.
 */
export async function callTimeToolCounts(
  warehouse: Warehouse,
  query: MetricsQuery,
  keys: RowKeys,
): Promise<Map<string, ToolCounts>> {
  const groupBy = rowKeyGroupBy(keys);
  const sql = `SELECT ${[
    ...rowKeySelect(keys, "first_at"),
    "sumIf(sign, status = 'completed') AS completed",
    "sumIf(sign, status = 'failed') AS failed",
    "sumIf(sign, status = 'started') AS unfinished",
  ].join(", ")}
    FROM ${warehouse.table("tool_call_states")}
    WHERE ${[tenantCondition(query.tenantId), ...msRange("first_at_ms", query.from, query.to)].join(" AND ")}
    ${groupBy.length ? `GROUP BY ${groupBy.join(", ")}` : ""}`;
  const rows = await queryRows<CountsRow>(warehouse, sql);
  return new Map(
    rows.map((row) => [
      rowKeyOf(row, keys),
      { completed: Number(row.completed), failed: Number(row.failed), unfinished: Number(row.unfinished) },
    ]),
  );
}
