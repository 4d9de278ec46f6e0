import { sqlList, sqlValue } from "../sql/escape";

/**
 * SQL text produced by this package's builders (a subquery), as opposed to a value.
 * The brand keeps a caller from passing an arbitrary string where SQL is spliced in:
 * values go through sqlValue/sqlList, subqueries are wrapped with `sqlSubquery`.
 */
export interface SqlSubquery {
  readonly kind: "sql_subquery";
  readonly sql: string;
}

export const sqlSubquery = (sql: string): SqlSubquery => ({ kind: "sql_subquery", sql });

/** A set of ids to restrict a builder to: literal values (escaped) or a one-column subquery. */
export type IdSet = readonly string[] | SqlSubquery;

const isSubquery = (ids: IdSet): ids is SqlSubquery => !Array.isArray(ids) && (ids as SqlSubquery).kind === "sql_subquery";

/** `column IN (...)` for a literal list or a subquery; `column` is always a constant of the caller. */
export function inIdSet(column: string, ids: IdSet): string {
  return isSubquery(ids) ? `${column} IN (${ids.sql})` : `${column} IN ${sqlList(ids)}`;
}

/** Half-open `[fromMs, toMs)` on an epoch-ms column; either bound may be absent. */
export function msRange(column: string, fromMs?: number, toMs?: number): string[] {
  const conditions: string[] = [];
  if (fromMs !== undefined) conditions.push(`${column} >= ${sqlValue(Math.trunc(fromMs))}`);
  if (toMs !== undefined) conditions.push(`${column} < ${sqlValue(Math.trunc(toMs))}`);
  return conditions;
}

export const whereAll = (conditions: readonly string[]): string => (conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "");

/** Tenant is required on every builder: an empty id would read nothing and hide a bug. */
export function tenantCondition(tenantId: string): string {
  if (typeof tenantId !== "string" || tenantId.length === 0) throw new RangeError("tenantId is required");
  return `tenant_id = ${sqlValue(tenantId)}`;
}

/**
 * `occurred_at_ms >= fromMs`, plus the same bound on the DateTime column `occurred_at` (whole
 * seconds, rounded down so it never drops a row), which is what lets ClickHouse skip the
 * months (partitions) before the range.
 */
export function sinceCondition(fromMs: number): string[] {
  return [`occurred_at >= ${sqlValue(new Date(Math.trunc(fromMs)))}`, ...msRange("occurred_at_ms", fromMs)];
}

/** `occurred_at_ms < toMs`, with the partition-pruning bound on `occurred_at` (rounded up). */
export function beforeCondition(toMs: number): string[] {
  return [`occurred_at < ${sqlValue(new Date(Math.ceil(Math.trunc(toMs) / 1000) * 1000))}`, ...msRange("occurred_at_ms", undefined, toMs)];
}
