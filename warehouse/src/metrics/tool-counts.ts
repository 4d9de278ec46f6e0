import type { Warehouse } from "../client";
import { queryRows } from "../client";
import { currentResponsesSql } from "../facts/current-responses";
import { reducedToolCallsSql } from "../facts/reduced-tool-calls";
import { sqlSubquery } from "../facts/sql-fragments";
import { sqlValue } from "../sql/escape";
import type { MetricsQuery } from "../queries/query-input";
import { filterConditions, rowKeyGroupBy, rowKeyOf, rowKeySelect, type RowKeys } from "./row-keys";

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

const COUNTS = ["countIf(status = 'completed') AS completed", "countIf(status = 'failed') AS failed", "countIf(status = 'started') AS unfinished"];

/**
 * Reduced tool calls per metrics row (metrics-v1.md): a call's time is its first event.
 * In a row filtered or grouped by response dimensions, a call counts in the row of the
 * response it served; calls without a response_id count only in rows with neither, and
 * then (when bucketed) in the bucket of their own time.
 */
export async function toolCounts(warehouse: Warehouse, query: MetricsQuery, keys: RowKeys): Promise<Map<string, ToolCounts>> {
  const calls = reducedToolCallsSql(warehouse, { tenantId: query.tenantId, fromMs: query.from, toMs: query.to });
  const byResponse = keys.groupBy.length > 0 || Object.keys(query.filters).length > 0;
  let sql: string;
  if (!byResponse) {
    const groupBy = rowKeyGroupBy(keys);
    sql = `SELECT ${[...rowKeySelect(keys, "toDateTime(intDiv(first_at_ms, 1000), 'UTC')"), ...COUNTS].join(", ")}
      FROM (${calls}) ${groupBy.length ? `GROUP BY ${groupBy.join(", ")}` : ""}`;
  } else {
    const versionsInRange = sqlSubquery(
      `SELECT response_id FROM ${warehouse.table("responses")} WHERE tenant_id = ${sqlValue(query.tenantId)} AND occurred_at_ms >= ${query.from} AND occurred_at_ms < ${query.to}`,
    );
    const responses = currentResponsesSql(warehouse, { tenantId: query.tenantId, responseIds: versionsInRange, fromMs: query.from, toMs: query.to });
    const filters = filterConditions(query.filters);
    const groupBy = rowKeyGroupBy(keys);
    sql = `SELECT ${[...rowKeySelect(keys, "response_occurred_at"), ...COUNTS].join(", ")}
      FROM (SELECT response_id, status FROM (${calls}) WHERE response_id != '')
      ALL INNER JOIN (
        SELECT * FROM (
          SELECT response_id, occurred_at AS response_occurred_at, model, provider, channel, chat_type, session_type, language,
                 user_segment, query_category, prompt_version, bot_version, if(tool_count > 0, 'yes', 'no') AS tool_used
          FROM (${responses})
        ) ${filters.length ? `WHERE ${filters.join(" AND ")}` : ""}
      ) USING response_id
      ${groupBy.length ? `GROUP BY ${groupBy.join(", ")}` : ""}`;
  }
  const rows = await queryRows<CountsRow>(warehouse, sql);
  return new Map(rows.map((row) => [rowKeyOf(row, keys), { completed: Number(row.completed), failed: Number(row.failed), unfinished: Number(row.unfinished) }]));
}
