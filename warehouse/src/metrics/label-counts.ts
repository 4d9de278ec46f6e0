import type { Warehouse } from "../client";
import { queryRows } from "../client";
import { whereAll } from "../facts/sql-fragments";
import { labelsInRangeSql } from "../outcomes/current-labels";
import { LABEL_ROW_COUNT_NAMES, labelRowCountSql } from "../outcomes/label-row-counts";
import type { FIRST_OF_SESSION_COUNTS } from "../outcomes/label-row-counts";
import type { MetricsQuery } from "../queries/query-input";
import { rollupLabelCountRows } from "./label-counts-rollup";
import { labelReadColumns, type LabelCountRow } from "./label-counts-row";
import type { ToolCounts } from "./tool-counts";
import { filterConditions, rowKeyGroupBy, rowKeyOf, rowKeySelect, type RowKeys } from "./row-keys";

/** Phase 2 counts of one row, from the current outcome labels of its responses. */
export interface LabelCounts {
  labeled: number;
  rated: number;
  ratedUp: number;
  ratedDown: number;
  windowClosed: number;
  followups: number;
  reasks: number;
  final: number;
  goodOrBetter: number;
  labels: Record<"excellent" | "good" | "neutral" | "bad" | "failed", number>;
  sessionsFinal: number;
  sessionsResolved: number;
  /** The reduced tool calls of the row's responses (migration 0011), by status. */
  tools: ToolCounts;
}

/**
 * Phase 2 rows from a subquery of label rows (the columns of labelReadColumns plus session_id and
 * response_id): one pass grouped first by session, so that one-turn resolution can look at each
 * session's first response among the row's responses (by occurred_at, then response_id), then by
 * the row's keys. The benchmark runs it over labels evaluated on the spot from the facts.
 */
export function labelCountsBySessionSql(labels: string, query: Pick<MetricsQuery, "filters">, keys: RowKeys): string {
  const groupBy = rowKeyGroupBy(keys);
  const first = (name: keyof typeof FIRST_OF_SESSION_COUNTS) => labelRowCountSql(name);
  return `SELECT ${[
    ...groupBy,
    ...LABEL_ROW_COUNT_NAMES.map((name) => `sum(n_${name}) AS ${name}`),
    "countIf(first.1 = 1) AS sessions_final",
    "countIf(first.2 = 1) AS sessions_resolved",
  ].join(", ")}
  FROM (
    SELECT ${[
      ...rowKeySelect(keys, "occurred_at"),
      "session_id",
      ...LABEL_ROW_COUNT_NAMES.map((name) => `sum(${labelRowCountSql(name)}) AS n_${name}`),
      // The session's first response: is its label final, is it resolved. Two flags rather than
      // its label and follow-up id: a smaller state per session.
      `argMin((${first("final")}, ${first("resolved")}), (occurred_at_ms, response_id)) AS first`,
    ].join(", ")}
    FROM (${labels})
    ${whereAll(filterConditions(query.filters))}
    GROUP BY ${[...groupBy, "session_id"].join(", ")}
  )
  ${groupBy.length ? `GROUP BY ${groupBy.join(", ")}` : ""}`;
}

/** Any request: every current label row of the range. */
function sessionLabelCountsSql(warehouse: Warehouse, query: MetricsQuery, keys: RowKeys): string {
  const labels = labelsInRangeSql(warehouse, {
    tenantId: query.tenantId,
    fromMs: query.from,
    toMs: query.to,
    columns: [...labelReadColumns(query, keys), "session_id", "response_id"],
  });
  return labelCountsBySessionSql(labels, query, keys);
}

function countsOf(rows: readonly LabelCountRow[]): LabelCounts {
  const sum = (name: keyof LabelCountRow & string) => rows.reduce((total, row) => total + Number(row[name]), 0);
  const labels = {
    excellent: sum("excellent"),
    good: sum("good"),
    neutral: sum("neutral"),
    bad: sum("bad"),
    failed: sum("failed"),
  };
  return {
    labeled: sum("labeled"),
    rated: sum("rated"),
    ratedUp: sum("rated_up"),
    ratedDown: sum("rated_down"),
    windowClosed: sum("window_closed"),
    followups: sum("followups"),
    reasks: sum("reasks"),
    final: labels.excellent + labels.good + labels.neutral + labels.bad + labels.failed,
    goodOrBetter: labels.excellent + labels.good,
    labels,
    sessionsFinal: sum("sessions_final"),
    sessionsResolved: sum("sessions_resolved"),
    tools: { completed: sum("tools_completed"), failed: sum("tools_failed"), unfinished: sum("tools_unfinished") },
  };
}

/**
 * Phase 2 counts per row: from the hourly outcome rollup and the label rows of the range's edges
 * when the request allows it (label-counts-rollup.ts), else from every label row of the range.
 */
export async function labelCounts(
  warehouse: Warehouse,
  query: MetricsQuery,
  keys: RowKeys,
): Promise<Map<string, LabelCounts>> {
  const rows =
    (await rollupLabelCountRows(warehouse, query, keys)) ??
    (await queryRows<LabelCountRow>(warehouse, sessionLabelCountsSql(warehouse, query, keys)));
  const byKey = new Map<string, LabelCountRow[]>();
  for (const row of rows) {
    const key = rowKeyOf(row, keys);
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  return new Map([...byKey].map(([key, parts]) => [key, countsOf(parts)]));
}
