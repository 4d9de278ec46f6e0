import type { Warehouse } from "../client";
import { queryRows } from "../client";
import { whereAll } from "../facts/sql-fragments";
import { labelsInRangeSql } from "../outcomes/current-labels";
import type { Dimension, MetricsQuery } from "../queries/query-input";
import type { ToolCounts } from "./tool-counts";
import { filterConditions, rowKeyGroupBy, rowKeyOf, rowKeySelect, type RowKeys } from "./row-keys";

/** Phase 2 counts of one row, from the current outcome labels of its responses. */
export interface Phase2Counts {
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

interface CountsRow extends Record<string, unknown> {
  labeled: number;
  rated: number;
  rated_up: number;
  rated_down: number;
  window_closed: number;
  followups: number;
  reasks: number;
  excellent: number;
  good: number;
  neutral: number;
  bad: number;
  failed: number;
  sessions_final: number;
  sessions_resolved: number;
  tools_completed: number;
  tools_failed: number;
  tools_unfinished: number;
}

const TOOL_STATUSES = ["completed", "failed", "unfinished"] as const;

/** What the Phase 2 read needs of a label row besides the row's dimensions. */
const LABEL_READ_COLUMNS = [
  "session_id", "occurred_at", "occurred_at_ms", "response_id", "label", "explicit_rating", "window_closed",
  "followup_response_id", "followup_is_reask", "tool_calls_completed", "tool_calls_failed", "tool_calls_unfinished",
] as const;

/**
 * One pass over the row's current labels, grouped first by session so that
 * one-turn resolution can look at each session's first response among the row's
 * responses (by occurred_at, then response_id), then by the row's keys.
 */
function phase2Sql(warehouse: Warehouse, query: MetricsQuery, keys: RowKeys): string {
  const groupBy = rowKeyGroupBy(keys);
  const perSessionKeys = [...rowKeySelect(keys, "occurred_at")];
  const sessionGroup = [...groupBy, "session_id"];
  const labels = labelsInRangeSql(warehouse, { tenantId: query.tenantId, fromMs: query.from, toMs: query.to, columns: [...new Set([...LABEL_READ_COLUMNS, ...keys.groupBy, ...(Object.keys(query.filters) as Dimension[])])] });
  const filters = filterConditions(query.filters);
  return `SELECT ${[...groupBy,
    "sum(n) AS labeled",
    "sum(n_rated) AS rated",
    "sum(n_up) AS rated_up",
    "sum(n_down) AS rated_down",
    "sum(n_closed) AS window_closed",
    "sum(n_followups) AS followups",
    "sum(n_reasks) AS reasks",
    ...["excellent", "good", "neutral", "bad", "failed"].map((label) => `sum(n_${label}) AS ${label}`),
    "countIf(first.1 = 1) AS sessions_final",
    "countIf(first.2 = 1) AS sessions_resolved",
    ...TOOL_STATUSES.map((status) => `sum(n_tools_${status}) AS tools_${status}`)].join(", ")}
  FROM (
    SELECT ${[...perSessionKeys.map((expression) => expression), "session_id",
      "count() AS n",
      "countIf(explicit_rating != '') AS n_rated",
      "countIf(explicit_rating = 'up') AS n_up",
      "countIf(explicit_rating = 'down') AS n_down",
      "countIf(window_closed = 1) AS n_closed",
      "countIf(window_closed = 1 AND followup_response_id != '') AS n_followups",
      "countIf(window_closed = 1 AND followup_is_reask = 1) AS n_reasks",
      ...["excellent", "good", "neutral", "bad", "failed"].map((label) => `countIf(label = '${label}') AS n_${label}`),
      // The session's first response: is its label final, is it resolved (good or better, no follow-up).
      // Two flags rather than its label and follow-up id: a smaller state per session.
      "argMin((toUInt8(label != 'pending'), toUInt8(label IN ('excellent', 'good') AND followup_response_id = '')), (occurred_at_ms, response_id)) AS first",
      ...TOOL_STATUSES.map((status) => `sum(tool_calls_${status}) AS n_tools_${status}`)].join(", ")}
    FROM (${labels})
    ${whereAll(filters)}
    GROUP BY ${sessionGroup.join(", ")}
  )
  ${groupBy.length ? `GROUP BY ${groupBy.join(", ")}` : ""}`;
}

export async function phase2Counts(warehouse: Warehouse, query: MetricsQuery, keys: RowKeys): Promise<Map<string, Phase2Counts>> {
  const rows = await queryRows<CountsRow>(warehouse, phase2Sql(warehouse, query, keys));
  const counts = new Map<string, Phase2Counts>();
  for (const row of rows) {
    const labels = { excellent: Number(row.excellent), good: Number(row.good), neutral: Number(row.neutral), bad: Number(row.bad), failed: Number(row.failed) };
    const final = labels.excellent + labels.good + labels.neutral + labels.bad + labels.failed;
    counts.set(rowKeyOf(row, keys), {
      labeled: Number(row.labeled),
      rated: Number(row.rated),
      ratedUp: Number(row.rated_up),
      ratedDown: Number(row.rated_down),
      windowClosed: Number(row.window_closed),
      followups: Number(row.followups),
      reasks: Number(row.reasks),
      final,
      goodOrBetter: labels.excellent + labels.good,
      labels,
      sessionsFinal: Number(row.sessions_final),
      sessionsResolved: Number(row.sessions_resolved),
      tools: { completed: Number(row.tools_completed), failed: Number(row.tools_failed), unfinished: Number(row.tools_unfinished) },
    });
  }
  return counts;
}
