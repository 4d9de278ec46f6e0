import { sqlIdentifier, sqlValue } from "../sql/escape";
import { BUCKETS, DIMENSIONS, type Bucket, type Dimension, type Filters } from "../queries/query-input";

/** SQL that starts a time bucket, per bucket name; UTC because every DateTime column is DateTime('UTC'). */
const BUCKET_START: Record<Bucket, (column: string) => string> = {
  "5m": (column) => `toStartOfFiveMinute(${column})`,
  hour: (column) => `toStartOfHour(${column})`,
  day: (column) => `toStartOfDay(${column})`,
};

export const BUCKET_SECONDS: Record<Bucket, number> = { "5m": 300, hour: 3600, day: 86_400 };

/**
 * The keys of one metrics row: the time bucket (if any) and the grouped dimensions.
 * Dimension names become identifiers only through the allow-list.
 */
export interface RowKeys {
  groupBy: Dimension[];
  bucket?: Bucket;
}

/** SQL of the start of the `bucket` that `timeColumn` (a DateTime) falls in. */
export const bucketStartSql = (bucket: Bucket, timeColumn: string): string =>
  BUCKET_START[sqlIdentifier(bucket, BUCKETS)](timeColumn);

/** `SELECT` expressions for the row keys, reading the time from `timeColumn` (a DateTime). */
export function rowKeySelect(keys: RowKeys, timeColumn: string): string[] {
  const select: string[] = keys.groupBy.map((dimension) => sqlIdentifier(dimension, DIMENSIONS));
  if (keys.bucket) select.unshift(`toUInt32(${bucketStartSql(keys.bucket, timeColumn)}) AS bucket_start`);
  return select;
}

export function rowKeyGroupBy(keys: RowKeys): string[] {
  return [
    ...(keys.bucket ? ["bucket_start"] : []),
    ...keys.groupBy.map((dimension) => sqlIdentifier(dimension, DIMENSIONS)),
  ];
}

/** `AND`-ed dimension filters (OR within one dimension). `tool_used` is derived where a table lacks it. */
export function filterConditions(filters: Filters, columnOf: (dimension: Dimension) => string = (d) => d): string[] {
  return Object.entries(filters).map(
    ([dimension, values]) =>
      `${columnOf(sqlIdentifier(dimension, DIMENSIONS))} IN (${(values ?? []).map(sqlValue).join(", ")})`,
  );
}

/** A stable key for merging rows of different queries in TypeScript. */
export function rowKeyOf(row: Record<string, unknown>, keys: RowKeys): string {
  return JSON.stringify([
    keys.bucket ? Number(row.bucket_start) : null,
    ...keys.groupBy.map((dimension) => String(row[dimension])),
  ]);
}
