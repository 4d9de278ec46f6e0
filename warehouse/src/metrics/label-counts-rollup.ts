import type { Warehouse } from "../client";
import { queryRows } from "../client";
import { tenantCondition, whereAll } from "../facts/sql-fragments";
import { labelsInRangeSql } from "../outcomes/current-labels";
import { LABEL_ROW_COUNT_NAMES, labelRowCountSql } from "../outcomes/label-row-counts";
import { HOUR_MS, hourLiteral, rollupVersionsSql } from "../outcomes/outcome-rollup";
import { prevPositionOf } from "../outcomes/session-prev";
import type { Dimension, MetricsQuery } from "../queries/query-input";
import { sqlValue } from "../sql/escape";
import { rollupDimension } from "./dimension-rollup";
import { labelReadColumns, type LabelCountRow } from "./label-counts-row";
import { bucketStartSql, filterConditions, rowKeyGroupBy, rowKeySelect, type RowKeys } from "./row-keys";

/**
 * Phase 2 from outcomes_1h_by_dimension (migration 0013) for the whole hours of the range, and
 * from the label rows for its partial hours at the edges.
 *
 * One-turn resolution counts a session by its first response among the row's responses. With one
 * dimension, that is each response whose previous same-value response in the session (the label
 * row's prev_ms_by_dimension) lies before the row's start: in the rollup, the hour of that previous
 * response before the hour of the row's start. The hour cannot tell when the row starts at an
 * unaligned `from` and the previous response lies in from's own hour; those responses are
 * counted from their label rows, in the hours the rollup shows to hold any.
 */

/** The one dimension ('' for none) the rollup answers a request with, or undefined. */
export function outcomeRollupDimension(
  query: Pick<MetricsQuery, "filters">,
  keys: RowKeys,
): Dimension | "" | undefined {
  const dimension = rollupDimension(query, keys);
  // Filtered to several values but not grouped by them, a row mixes values, and a session's first
  // response among them is not the first of any one value.
  if (dimension && !keys.groupBy.includes(dimension) && (query.filters[dimension]?.length ?? 0) > 1) return undefined;
  return dimension;
}

interface Plan {
  query: MetricsQuery;
  keys: RowKeys;
  dimension: Dimension | "";
  /** Whole hours of the range, and the hour `from` falls in. */
  hourFrom: number;
  hourTo: number;
  fromHour: number;
}

/** Conditions on the rollup rows of the request's whole hours, newest version of each hour only. */
function rollupConditions(w: Warehouse, { query, dimension, hourFrom, hourTo }: Plan): string[] {
  return [
    tenantCondition(query.tenantId),
    `dimension = ${sqlValue(dimension)}`,
    `bucket >= ${hourLiteral(hourFrom)} AND bucket < ${hourLiteral(hourTo)}`,
    ...filterConditions(query.filters, () => "value"),
    `(bucket, version) IN (${rollupVersionsSql(w, query.tenantId, hourFrom, hourTo)})`,
  ];
}

function rollupSql(w: Warehouse, plan: Plan): string {
  const { keys, dimension, fromHour } = plan;
  const select = rowKeySelect(keys, "bucket").map((expression) =>
    expression === dimension ? `value AS ${dimension}` : expression,
  );
  const groupBy = rowKeyGroupBy(keys);
  const rowStartHour = keys.bucket
    ? `greatest(${bucketStartSql(keys.bucket, "bucket")}, ${hourLiteral(fromHour)})`
    : hourLiteral(fromHour);
  return `SELECT ${[
    ...select,
    ...LABEL_ROW_COUNT_NAMES.map((name) => `sum(${name}) AS ${name}`),
    `sumIf(final, prev_hour < ${rowStartHour}) AS sessions_final`,
    `sumIf(resolved, prev_hour < ${rowStartHour}) AS sessions_resolved`,
  ].join(", ")}
  FROM ${w.table("outcomes_1h_by_dimension")}
  WHERE ${rollupConditions(w, plan).join(" AND ")}
  ${groupBy.length ? `GROUP BY ${groupBy.join(", ")}` : ""}`;
}

/** Whole hours whose responses include some with their previous same-value response in from's own hour, in rows starting at `from`. */
function ambiguousHoursSql(w: Warehouse, plan: Plan): string {
  const firstDay = plan.keys.bucket === "day" ? [`toStartOfDay(bucket) <= ${hourLiteral(plan.fromHour)}`] : [];
  return `SELECT DISTINCT toUInt32(bucket) AS hour FROM ${w.table("outcomes_1h_by_dimension")}
    WHERE ${[...rollupConditions(w, plan), `prev_hour = ${hourLiteral(plan.fromHour)}`, "final > 0", ...firstDay].join(" AND ")}`;
}

/**
 * Counts from the label rows in `windows`. "edges": every count of the rows there, sessions by the
 * exact previous time against the row's start. "ambiguous": only the session counts of the
 * responses whose previous same-value response lies in [from's hour, from), which the rollup left out.
 */
function labelRowsSql(
  w: Warehouse,
  plan: Plan,
  windows: (readonly [number, number])[],
  part: "edges" | "ambiguous",
): string {
  const { query, keys, dimension } = plan;
  const prev = `prev_ms_by_dimension[${prevPositionOf(dimension)}]`;
  const rowStart = keys.bucket
    ? `greatest(toUInt64(${bucketStartSql(keys.bucket, "occurred_at")}) * 1000, ${sqlValue(query.from)})`
    : sqlValue(query.from);
  const first =
    part === "edges"
      ? `${prev} < ${rowStart}`
      : `${prev} >= ${sqlValue(plan.fromHour)} AND ${prev} < ${sqlValue(query.from)}`;
  const labels = labelsInRangeSql(w, {
    tenantId: query.tenantId,
    fromMs: windows[0]![0],
    toMs: windows[windows.length - 1]![1],
    windows,
    columns: [...labelReadColumns(query, keys), "prev_ms_by_dimension"],
  });
  const groupBy = rowKeyGroupBy(keys);
  // n_: an alias named like a label column would replace that column in the other expressions.
  return `SELECT ${[...groupBy, ...LABEL_ROW_COUNT_NAMES.map((name) => `n_${name} AS ${name}`), "sessions_final", "sessions_resolved"].join(", ")}
  FROM (
    SELECT ${[
      ...rowKeySelect(keys, "occurred_at"),
      ...LABEL_ROW_COUNT_NAMES.map(
        (name) => (part === "edges" ? `sum(${labelRowCountSql(name)})` : "toUInt64(0)") + ` AS n_${name}`,
      ),
      `sumIf(${labelRowCountSql("final")}, ${first}) AS sessions_final`,
      `sumIf(${labelRowCountSql("resolved")}, ${first}) AS sessions_resolved`,
    ].join(", ")}
    FROM (${labels})
    ${whereAll(filterConditions(query.filters))}
    ${groupBy.length ? `GROUP BY ${groupBy.join(", ")}` : ""}
  )`;
}

/** The Phase 2 rows of the request from the rollup and the edges, or undefined when the rollup cannot answer it. */
export async function rollupLabelCountRows(
  w: Warehouse,
  query: MetricsQuery,
  keys: RowKeys,
): Promise<LabelCountRow[] | undefined> {
  const dimension = outcomeRollupDimension(query, keys);
  const hourFrom = Math.ceil(query.from / HOUR_MS) * HOUR_MS;
  const hourTo = Math.floor(query.to / HOUR_MS) * HOUR_MS;
  if (dimension === undefined || hourFrom >= hourTo) return undefined;
  const plan: Plan = { query, keys, dimension, hourFrom, hourTo, fromHour: Math.floor(query.from / HOUR_MS) * HOUR_MS };
  const edges: [number, number][] = [];
  if (query.from < hourFrom) edges.push([query.from, hourFrom]);
  if (hourTo < query.to) edges.push([hourTo, query.to]);
  // Hour buckets start on the hour: only a row that starts at an unaligned `from` can be ambiguous.
  const ambiguous =
    query.from < hourFrom && keys.bucket !== "hour"
      ? queryRows<{ hour: number }>(w, ambiguousHoursSql(w, plan)).then((hours) =>
          hours.length === 0
            ? []
            : queryRows<LabelCountRow>(
                w,
                labelRowsSql(
                  w,
                  plan,
                  hours
                    .map((row) => Number(row.hour) * 1000)
                    .sort((a, b) => a - b)
                    .map((hourMs) => [hourMs, hourMs + HOUR_MS] as const),
                  "ambiguous",
                ),
              ),
        )
      : Promise.resolve([]);
  const parts = await Promise.all([
    queryRows<LabelCountRow>(w, rollupSql(w, plan)),
    edges.length ? queryRows<LabelCountRow>(w, labelRowsSql(w, plan, edges, "edges")) : Promise.resolve([]),
    ambiguous,
  ]);
  return parts.flat();
}
