import { sqlList, sqlValue } from "../sql/escape";

/**
 * SQL text produced by this package's builders (a subquery), as opposed to a value.
 * The brand keeps a caller from passing an arbitrary string where SQL is spliced in:
 * values go through sqlValue/sqlList, subqueries are wrapped with `sqlSubquery`.
 */
export interface SqlSubquery {
  readonly kind: "sql_subquery";
  readonly sql: string;
  /** The subquery returns few ids, as a literal list does (one task's calls, the rated ones among a few targets). */
  readonly few?: boolean;
  /** The subquery returns many ids, such as a time range's: an IN runs it once per query (see inSubquery). */
  readonly many?: boolean;
}

export const sqlSubquery = (sql: string, options: { few?: boolean; many?: boolean } = {}): SqlSubquery => ({
  kind: "sql_subquery",
  sql,
  ...options,
});

/** A set of ids to restrict a builder to: literal values (escaped) or a one-column subquery. */
export type IdSet = readonly string[] | SqlSubquery;

const isSubquery = (ids: IdSet): ids is SqlSubquery =>
  !Array.isArray(ids) && (ids as SqlSubquery).kind === "sql_subquery";

/**
 * A set of few ids: a literal list (what a caller holds in hand, one response or a page, bounded
 * by the API) or a subquery marked `few`. A read narrowed to few ids is a PREWHERE (rowsFilter).
 */
export const isFewIds = (ids: IdSet): boolean => !isSubquery(ids) || ids.few === true;

/** `column IN (...)` for a literal list or a subquery (see inSubquery); `column` is always a constant of the caller. */
export function inIdSet(column: string, ids: IdSet): string {
  return isSubquery(ids) ? inSubquery(column, ids) : `${column} IN ${sqlList(ids)}`;
}

/** A subquery over the rows `ids` lead to, as many ids as `ids` (so an IN over it runs as inSubquery says). */
export const subqueryLike = (ids: IdSet, sql: string): SqlSubquery =>
  sqlSubquery(sql, { few: isFewIds(ids), many: isSubquery(ids) && ids.many === true });

/**
 * `columns IN (subquery)`, or `GLOBAL IN` for `many` ids. ClickHouse 18.16 runs a plain IN's
 * subquery again for each SELECT that encloses it, and the builders nest their reads several deep:
 * a subquery of 0.16 s alone took 0.39 / 0.59 / 0.74 s under one, two and three SELECTs. GLOBAL
 * runs it once per query into a temporary table, at any depth (0.14 s under five), but the primary
 * key cannot skip granules with that table's set: one response's tool calls, narrowed that way,
 * read 15 M rows instead of 344,000. So GLOBAL only where the key would skip little anyway: many
 * ids, such as a time range's, fall in nearly every granule. On a cluster GLOBAL is also what
 * distributed_product_mode 'global' makes of an IN. `columns`: a caller's constant (a column or a tuple).
 */
export function inSubquery(columns: string, subquery: SqlSubquery): string {
  return `${columns} ${subquery.many ? "GLOBAL IN" : "IN"} (${subquery.sql})`;
}

/** `columns NOT IN (subquery)`, GLOBAL as inSubquery says. */
export function notInSubquery(columns: string, subquery: SqlSubquery): string {
  return `${columns} ${subquery.many ? "GLOBAL NOT IN" : "NOT IN"} (${subquery.sql})`;
}

/** Half-open `[fromMs, toMs)` on an epoch-ms column; either bound may be absent. */
export function msRange(column: string, fromMs?: number, toMs?: number): string[] {
  const conditions: string[] = [];
  if (fromMs !== undefined) conditions.push(`${column} >= ${sqlValue(Math.trunc(fromMs))}`);
  if (toMs !== undefined) conditions.push(`${column} < ${sqlValue(Math.trunc(toMs))}`);
  return conditions;
}

export const whereAll = (conditions: readonly string[]): string =>
  conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";

/**
 * The filter of a read of a tenant's whole rows: `fewIds`, conditions that keep a few ids, as a
 * PREWHERE; the tenant and `others` as a WHERE. ClickHouse 18.16 never moves a primary-key
 * column's condition to PREWHERE by itself, so one response's page read every column
 * (arguments, results, query text) of every granule the primary key could not rule out, one or
 * more per part: for a large tenant's tool calls (21 parts), about 320,000 rows and 84 MiB for a
 * few events. With the PREWHERE it reads the narrowing's columns there and the others only where
 * a row matched (9.2 MiB; as many rows, since the primary-key and partition ranges are taken from
 * both clauses). Only for few ids: where the narrowing keeps most granules (a time range, the ids
 * of a range), a PREWHERE only adds a pass (the samples route measured 1,095 -> 1,442 ms p50).
 * The conditions must hold for every copy and version that the read then chooses among.
 */
export function rowsFilter(tenantId: string, { fewIds, conditions }: Narrowing): string {
  const where = whereAll([tenantCondition(tenantId), ...conditions]);
  return fewIds.length > 0 ? `PREWHERE ${fewIds.join(" AND ")} ${where}` : where;
}

/** A read's narrowing conditions, as rowsFilter places them. */
export interface Narrowing {
  readonly fewIds: string[];
  readonly conditions: string[];
}

export const emptyNarrowing = (): Narrowing => ({ fewIds: [], conditions: [] });

/** Adds `condition`, which keeps the rows of `ids` (or of what they lead to), among the few-id ones when `ids` are few. */
export function narrowTo(narrowing: Narrowing, ids: IdSet, condition: string): void {
  (isFewIds(ids) ? narrowing.fewIds : narrowing.conditions).push(condition);
}

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
  return [partitionSinceCondition(fromMs), ...msRange("occurred_at_ms", fromMs)];
}

/** The `occurred_at` half of sinceCondition, alone: for the id indexes (migration 0008), which keep no milliseconds. */
export const partitionSinceCondition = (fromMs: number): string =>
  `occurred_at >= ${sqlValue(new Date(Math.trunc(fromMs)))}`;

/** `occurred_at_ms < toMs`, with the partition-pruning bound on `occurred_at` (rounded up). */
export function beforeCondition(toMs: number): string[] {
  return [
    `occurred_at < ${sqlValue(new Date(Math.ceil(Math.trunc(toMs) / 1000) * 1000))}`,
    ...msRange("occurred_at_ms", undefined, toMs),
  ];
}

/** The tenant's rows that occurred in [fromMs, toMs), with the partition-pruning bounds. */
export function tenantRangeConditions(tenantId: string, fromMs: number, toMs: number): string[] {
  return [tenantCondition(tenantId), ...sinceCondition(fromMs), ...beforeCondition(toMs)];
}
