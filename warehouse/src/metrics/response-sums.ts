import type { Warehouse } from "../client";
import { queryRows } from "../client";
import { currentResponsesSql } from "../facts/current-responses";
import { sqlSubquery, tenantCondition } from "../facts/sql-fragments";
import { sqlValue } from "../sql/escape";
import type { Dimension, MetricsQuery } from "../queries/query-input";
import { rollupDimension, rollupRowDimension } from "./dimension-rollup";
import { filterConditions, rowKeyGroupBy, rowKeyOf, rowKeySelect, type RowKeys } from "./row-keys";
import { LATENCY_HISTOGRAM_COLUMN, SUM_COLUMN_NAMES, SUM_COLUMNS, type SumColumn } from "./sum-columns";

/** Additive Phase 1 figures of one row, by sum column; the histogram is a bucket → count map. */
export type ResponseSums = Record<SumColumn, number> & { histogram: Map<number, number> };

const FIVE_MINUTES_MS = 300_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export const emptySums = (): ResponseSums => ({
  ...(Object.fromEntries(SUM_COLUMN_NAMES.map((column) => [column, 0])) as Record<SumColumn, number>),
  histogram: new Map(),
});

/** A row of sums as ClickHouse returns it (counts may come as strings). */
export type SumsRow = Record<string, unknown> &
  Record<SumColumn, number | string> & { histogram: [number[], number[]] };

export function addRow(
  into: Map<string, { row: Record<string, unknown>; sums: ResponseSums }>,
  row: SumsRow,
  keys: RowKeys,
): void {
  const key = rowKeyOf(row, keys);
  const entry = into.get(key) ?? { row, sums: emptySums() };
  const sums = entry.sums;
  for (const column of SUM_COLUMN_NAMES) sums[column] += Number(row[column]);
  const [buckets, counts] = row.histogram;
  buckets.forEach((bucket, index) =>
    sums.histogram.set(Number(bucket), (sums.histogram.get(Number(bucket)) ?? 0) + Number(counts[index])),
  );
  into.set(key, entry);
}

export const MERGED_SUMS = [
  ...SUM_COLUMN_NAMES.map((column) => `sumMerge(${column}) AS ${column}`),
  `sumMapMerge(${LATENCY_HISTOGRAM_COLUMN}) AS histogram`,
];

// The views are read with PREWHERE on their key and dimension columns: a histogram state is
// large (hundreds of buckets), and 18.16 otherwise deserializes it for every row of every
// granule read, including the rows the conditions then drop (measured: seconds for 144 rows).
const bucketsIn = (ranges: [number, number][]) =>
  `(${ranges.map(([from, to]) => `(bucket >= ${sqlValue(new Date(from))} AND bucket < ${sqlValue(new Date(to))})`).join(" OR ")})`;

/** The pre-aggregated 5-minute rows fully inside the ranges (5-minute aligned). */
export function viewSql(warehouse: Warehouse, query: MetricsQuery, keys: RowKeys, ranges: [number, number][]): string {
  const groupBy = rowKeyGroupBy(keys);
  return `SELECT ${[...rowKeySelect(keys, "bucket"), ...MERGED_SUMS].join(", ")}
  FROM ${warehouse.table("metrics_5m")}
  PREWHERE ${[tenantCondition(query.tenantId), bucketsIn(ranges), ...filterConditions(query.filters)].join(" AND ")}
  ${groupBy.length ? `GROUP BY ${groupBy.join(", ")}` : ""}`;
}

/**
 * The rows of one dimension (see dimension-rollup.ts) fully inside the ranges: hour rows, or with
 * `span` "day" the day rows of migration 0014 (ranges day aligned).
 */
export function rollupSql(
  warehouse: Warehouse,
  query: MetricsQuery,
  keys: RowKeys,
  dimension: Dimension | "",
  ranges: [number, number][],
  span: "hour" | "day" = "hour",
): string {
  const select = rowKeySelect(keys, "bucket").map((expression) =>
    expression === dimension ? `value AS ${dimension}` : expression,
  );
  const groupBy = rowKeyGroupBy(keys);
  return `SELECT ${[...select, ...MERGED_SUMS].join(", ")}
  FROM ${warehouse.table("metrics_1h_by_dimension")}
  PREWHERE ${[tenantCondition(query.tenantId), `dimension = ${sqlValue(rollupRowDimension(dimension, span))}`, bucketsIn(ranges), ...filterConditions(query.filters, () => "value")].join(" AND ")}
  ${groupBy.length ? `GROUP BY ${groupBy.join(", ")}` : ""}`;
}

/**
 * The same sums from the current versions of responses in the windows (the partial 5-minute
 * buckets at a range's edges; the view repairs' whole ranges), read from the fact table. The current version is
 * chosen over all versions (a later version may move a response out of the edge).
 */
export function factSumsSql(
  warehouse: Warehouse,
  query: MetricsQuery,
  keys: RowKeys,
  windows: [number, number][],
): string {
  const inWindows = windows
    .map(([from, to]) => `(occurred_at_ms >= ${sqlValue(from)} AND occurred_at_ms < ${sqlValue(to)})`)
    .join(" OR ");
  // Only responses with some version in the windows can have their current one there.
  const candidates = sqlSubquery(
    `SELECT response_id FROM ${warehouse.table("responses")} WHERE ${tenantCondition(query.tenantId)} AND (${inWindows})`,
  );
  const current = currentResponsesSql(warehouse, {
    tenantId: query.tenantId,
    responseIds: candidates,
    fromMs: windows[0]![0],
    toMs: windows[windows.length - 1]![1],
  });
  const groupBy = rowKeyGroupBy(keys);
  return `SELECT ${[
    ...rowKeySelect(keys, "occurred_at"),
    ...SUM_COLUMN_NAMES.map((column) => `${SUM_COLUMNS[column]} AS ${column}`),
    "sumMap([latency_bucket], [toInt64(1)]) AS histogram",
  ].join(", ")}
  FROM (SELECT *, if(tool_count > 0, 'yes', 'no') AS tool_used FROM (${current}))
  WHERE (${[inWindows, ...filterConditions(query.filters)].join(") AND (")})
  ${groupBy.length ? `GROUP BY ${groupBy.join(", ")}` : ""}`;
}

/**
 * Phase 1 sums per row: whole hours from the one-dimension rollup when the request allows it,
 * the remaining whole 5-minute buckets from metrics_5m, partial edge buckets from the facts.
 */
export async function responseSums(warehouse: Warehouse, query: MetricsQuery, keys: RowKeys) {
  const alignedFrom = Math.ceil(query.from / FIVE_MINUTES_MS) * FIVE_MINUTES_MS;
  const alignedTo = Math.floor(query.to / FIVE_MINUTES_MS) * FIVE_MINUTES_MS;
  const edges: [number, number][] = [];
  const fiveMinutes: [number, number][] = [];
  const reads: Promise<SumsRow[]>[] = [];
  if (alignedFrom < alignedTo) {
    const dimension = rollupDimension(query, keys);
    const hourFrom = Math.ceil(alignedFrom / HOUR_MS) * HOUR_MS;
    const hourTo = Math.floor(alignedTo / HOUR_MS) * HOUR_MS;
    if (dimension !== undefined && hourFrom < hourTo) {
      // Whole days from the day rows unless the rows are hours; the hours around them from hour rows.
      const dayFrom = Math.ceil(hourFrom / DAY_MS) * DAY_MS;
      const dayTo = Math.floor(hourTo / DAY_MS) * DAY_MS;
      if (keys.bucket !== "hour" && dayFrom < dayTo) {
        const hours = (
          [
            [hourFrom, dayFrom],
            [dayTo, hourTo],
          ] as [number, number][]
        ).filter(([from, to]) => from < to);
        // Day rows and the hours around them in one statement (same columns): ClickHouse 26.x
        // spends a fixed cost per statement; one statement fewer saved it 0-47 ms of CPU (median
        // 21) on a 90-day route at 200 k responses, 18.16 about 3 (bench/PERFORMANCE.md, engines).
        const statements = [
          rollupSql(warehouse, query, keys, dimension, [[dayFrom, dayTo]], "day"),
          ...(hours.length ? [rollupSql(warehouse, query, keys, dimension, hours)] : []),
        ];
        reads.push(queryRows<SumsRow>(warehouse, statements.join("\nUNION ALL\n")));
      } else {
        reads.push(queryRows<SumsRow>(warehouse, rollupSql(warehouse, query, keys, dimension, [[hourFrom, hourTo]])));
      }
      if (alignedFrom < hourFrom) fiveMinutes.push([alignedFrom, hourFrom]);
      if (hourTo < alignedTo) fiveMinutes.push([hourTo, alignedTo]);
    } else {
      fiveMinutes.push([alignedFrom, alignedTo]);
    }
    if (query.from < alignedFrom) edges.push([query.from, alignedFrom]);
    if (alignedTo < query.to) edges.push([alignedTo, query.to]);
  } else {
    edges.push([query.from, query.to]);
  }
  if (fiveMinutes.length) reads.push(queryRows<SumsRow>(warehouse, viewSql(warehouse, query, keys, fiveMinutes)));
  if (edges.length) reads.push(queryRows<SumsRow>(warehouse, factSumsSql(warehouse, query, keys, edges)));
  const rows = new Map<string, { row: Record<string, unknown>; sums: ResponseSums }>();
  for (const result of await Promise.all(reads)) for (const row of result) addRow(rows, row, keys);
  // Rows whose versions all cancelled out (a response moved to another bucket) are not rows.
  for (const [key, entry] of rows) if (entry.sums.responses === 0) rows.delete(key);
  return rows;
}
