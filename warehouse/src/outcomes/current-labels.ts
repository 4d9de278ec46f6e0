import type { Warehouse } from "../client";
import { DIMENSIONS } from "../queries/query-input";
import {
  emptyNarrowing,
  inIdSet,
  msRange,
  narrowTo,
  rowsFilter,
  tenantCondition,
  tenantRangeConditions,
  whereAll,
  type IdSet,
  type Narrowing,
} from "../facts/sql-fragments";

export interface CurrentLabelsOptions {
  tenantId: string;
  /** Half-open range on the response's occurred_at_ms. */
  fromMs?: number;
  toMs?: number;
  responseIds?: IdSet;
}

/** The response's reduced tool calls by status (migration 0011), written with its label. */
export const LABEL_TOOL_COUNT_COLUMNS = ["tool_calls_completed", "tool_calls_failed", "tool_calls_unfinished"] as const;

/** Every column of response_labels, in table order: what the evaluator writes. */
export const RESPONSE_LABEL_COLUMNS = [
  "tenant_id",
  "response_id",
  "session_id",
  "occurred_at",
  "occurred_at_ms",
  ...DIMENSIONS,
  "finish_reason",
  "label",
  "label_reason",
  "explicit_rating",
  "has_failed_tool",
  "followup_response_id",
  "followup_is_reask",
  "window_closed",
  "evaluated_at_ms",
  ...LABEL_TOOL_COUNT_COLUMNS,
  // Per entry of OUTCOME_ROLLUP_DIMENSIONS, the previous same-value response of the session (migration 0013).
  "prev_ms_by_dimension",
] as const;

/**
 * Subquery: the current label row of each response (response_labels is a
 * ReplacingMergeTree(evaluated_at_ms) without partitions; the evaluator writes every new row
 * with a greater evaluated_at_ms than the stored one, so the current row is the latest).
 *
 * For given responses, their rows are found (the ids as rowsFilter narrows, before any other
 * column is read) and the latest kept by a sort: FINAL would read and merge every column of the
 * tenant's rows whatever the ids, and at 5 M label rows that merge alone passed the 2 GB a query
 * may use, for any number of ids (the evaluator's first pass of the benchmark's largest tenant
 * failed at chunks of 12,500 responses). For the whole tenant FINAL is the cheaper way; only
 * key columns are filtered inside it, since older servers may apply a PREWHERE on other columns
 * before merging and return a stale version. The range is applied outside, on the current row.
 */
export function currentLabelsSql(w: Warehouse, options: CurrentLabelsOptions): string {
  const table = w.table("response_labels");
  const latest = options.responseIds
    ? `SELECT * FROM ${table} ${rowsFilter(options.tenantId, withIds(options.responseIds))}
    ORDER BY response_id, evaluated_at_ms DESC
    LIMIT 1 BY response_id`
    : `SELECT * FROM ${table} FINAL WHERE ${tenantCondition(options.tenantId)}`;
  return `SELECT * FROM (
    ${latest}
  ) ${whereAll(msRange("occurred_at_ms", options.fromMs, options.toMs))}`;
}

function withIds(responseIds: IdSet): Narrowing {
  const narrowing = emptyNarrowing();
  narrowTo(narrowing, responseIds, inIdSet("response_id", responseIds));
  return narrowing;
}

type LabelColumn = (typeof RESPONSE_LABEL_COLUMNS)[number];

export interface LabelsInRangeOptions {
  tenantId: string;
  /** Half-open range on the response's occurred_at_ms. */
  fromMs: number;
  toMs: number;
  /** The columns to read; default all of response_labels. FINAL merges every column it reads, so fewer is faster. */
  columns?: readonly LabelColumn[];
  /** Only these half-open ranges (ms) inside [fromMs, toMs): a read of a range's edges. */
  windows?: readonly (readonly [number, number])[];
}

/**
 * Subquery: the current label row of each response that occurs in [fromMs, toMs), read from
 * response_labels_by_time (migration 0006), which is keyed by the response's time, so only the
 * range's rows are read and merged. The conditions inside FINAL are on key columns (and on
 * occurred_at, which is the same for every version of a key); `retracted` rows (the response
 * moved to another time) are dropped after the merge.
 */
export function labelsInRangeSql(w: Warehouse, options: LabelsInRangeOptions): string {
  const keyConditions = tenantRangeConditions(options.tenantId, options.fromMs, options.toMs);
  if (options.windows)
    keyConditions.push(
      `(${options.windows.map(([from, to]) => msRange("occurred_at_ms", from, to).join(" AND ")).join(" OR ")})`,
    );
  const columns = (options.columns ?? RESPONSE_LABEL_COLUMNS).join(", ");
  return `SELECT ${columns} FROM (
    SELECT ${columns}, retracted FROM ${w.table("response_labels_by_time")} FINAL ${whereAll(keyConditions)}
  ) WHERE retracted = 0`;
}
