import type { Warehouse } from "../client";
import { queryRows } from "../client";
import { tenantCondition } from "../facts/sql-fragments";
import {
  addRow,
  emptySums,
  factSumsSql,
  MERGED_SUMS,
  viewSql,
  type ResponseSums,
  type SumsRow,
} from "../metrics/response-sums";
import { rollupRowDimension } from "../metrics/dimension-rollup";
import type { RowKeys } from "../metrics/row-keys";
import { DIMENSIONS, type Dimension, type MetricsQuery } from "../queries/query-input";
import { sqlValue } from "../sql/escape";
import { AGGREGATE_COLUMNS } from "../metrics/sum-columns";
import { addSums, sumsDeltas, sumStateExpressions } from "./sums-delta";
import { tableWrittenByViews } from "./view-tables";

/** Every key column of metrics_5m (besides tenant and bucket). */
const FIVE_MINUTE_KEYS: RowKeys = { groupBy: [...DIMENSIONS], bucket: "5m" };
/** metrics_1h_by_dimension's dimension column: '' is the tenant's total. */
const ROLLUP_DIMENSIONS = ["", ...DIMENSIONS] as const;

export interface FiveMinuteKey {
  bucketStart: number;
  dims: Record<Dimension, string>;
}
export interface HourlyKey {
  bucketStart: number;
  dimension: Dimension | "";
  value: string;
}
type Keyed<K> = Map<string, { key: K; sums: ResponseSums }>;

export interface MetricsDeltas {
  fiveMinute: { key: FiveMinuteKey; sums: ResponseSums }[];
  hourly: { key: HourlyKey; sums: ResponseSums }[];
}

function fiveMinuteRows(rows: SumsRow[]): Keyed<FiveMinuteKey> {
  const merged = new Map<string, { row: Record<string, unknown>; sums: ResponseSums }>();
  for (const row of rows) addRow(merged, row, FIVE_MINUTE_KEYS);
  const keyed: Keyed<FiveMinuteKey> = new Map();
  for (const [id, { row, sums }] of merged) {
    const dims = Object.fromEntries(DIMENSIONS.map((dimension) => [dimension, String(row[dimension])])) as Record<
      Dimension,
      string
    >;
    keyed.set(id, { key: { bucketStart: Number(row.bucket_start), dims }, sums });
  }
  return keyed;
}

const hourlyId = (key: HourlyKey) => JSON.stringify([key.bucketStart, key.dimension, key.value]);

/** Adds `sums` into the entry of `key`, creating it. */
function addInto(keyed: Keyed<HourlyKey>, key: HourlyKey, sums: ResponseSums): void {
  const entry = keyed.get(hourlyId(key)) ?? { key, sums: emptySums() };
  addSums(entry.sums, sums);
  keyed.set(hourlyId(key), entry);
}

/** metrics_1h_by_dimension's rows as the fact rows say they should be: the 5-minute truth, rolled up. */
function hourlyTruth(fiveMinute: Keyed<FiveMinuteKey>): Keyed<HourlyKey> {
  const hourly: Keyed<HourlyKey> = new Map();
  for (const { key, sums } of fiveMinute.values()) {
    const bucketStart = Math.floor(key.bucketStart / 3600) * 3600;
    for (const dimension of ROLLUP_DIMENSIONS)
      addInto(hourly, { bucketStart, dimension, value: dimension ? key.dims[dimension] : "" }, sums);
  }
  return hourly;
}

async function hourlyStored(
  w: Warehouse,
  tenantId: string,
  [fromMs, toMs]: [number, number],
): Promise<Keyed<HourlyKey>> {
  const rows = await queryRows<SumsRow & { bucket_start: number; dimension: Dimension | ""; value: string }>(
    w,
    `SELECT toUInt32(bucket) AS bucket_start, dimension, value, ${MERGED_SUMS.join(", ")}
     FROM ${w.table("metrics_1h_by_dimension")}
     PREWHERE ${tenantCondition(tenantId)} AND bucket >= ${sqlValue(new Date(fromMs))} AND bucket < ${sqlValue(new Date(toMs))}
       AND dimension IN (${ROLLUP_DIMENSIONS.map((dimension) => sqlValue(dimension)).join(", ")})
     GROUP BY bucket_start, dimension, value`,
  );
  const stored: Keyed<HourlyKey> = new Map();
  for (const row of rows) {
    const key = { bucketStart: Number(row.bucket_start), dimension: row.dimension, value: row.value };
    const merged = new Map<string, { row: Record<string, unknown>; sums: ResponseSums }>();
    addRow(merged, row, { groupBy: [] });
    stored.set(hourlyId(key), { key, sums: [...merged.values()][0]!.sums });
  }
  return stored;
}

/**
 * What metrics_5m and metrics_1h_by_dimension lack (or hold too much of) for one tenant's whole
 * hours [from, to): the facts' current versions minus the views' sums, per row key.
 */
export async function metricsDeltas(w: Warehouse, tenantId: string, range: [number, number]): Promise<MetricsDeltas> {
  const query: MetricsQuery = {
    tenantId,
    from: range[0],
    to: range[1],
    filters: {},
    groupBy: [...DIMENSIONS],
    bucket: "5m",
  };
  const [truthRows, storedRows, hourly] = await Promise.all([
    queryRows<SumsRow>(w, factSumsSql(w, query, FIVE_MINUTE_KEYS, [range])),
    queryRows<SumsRow>(w, viewSql(w, query, FIVE_MINUTE_KEYS, [range])),
    hourlyStored(w, tenantId, range),
  ]);
  const truth = fiveMinuteRows(truthRows);
  return { fiveMinute: sumsDeltas(truth, fiveMinuteRows(storedRows)), hourly: sumsDeltas(hourlyTruth(truth), hourly) };
}

const ROWS_PER_INSERT = 500;

async function insertStates(w: Warehouse, table: string, columns: readonly string[], selects: string[]): Promise<void> {
  for (let start = 0; start < selects.length; start += ROWS_PER_INSERT) {
    const query = `INSERT INTO ${tableWrittenByViews(w, table)} (${columns.join(", ")}) ${selects.slice(start, start + ROWS_PER_INSERT).join(" UNION ALL ")}`;
    await w.client.command({ query, clickhouse_settings: { max_query_size: String(Buffer.byteLength(query) + 4096) } });
  }
}

/** Adds the deltas to the two views' tables, as rows of the same signed sums the views write. */
export async function applyMetricsDeltas(w: Warehouse, tenantId: string, deltas: MetricsDeltas): Promise<void> {
  const tenant = sqlValue(tenantId);
  const bucket = (seconds: number) => `toDateTime(${sqlValue(seconds)}, 'UTC')`;
  await insertStates(
    w,
    "metrics_5m",
    ["tenant_id", "bucket", ...DIMENSIONS, ...AGGREGATE_COLUMNS],
    deltas.fiveMinute.map(
      ({ key, sums }) =>
        `SELECT ${[`${tenant} AS tenant_id`, `${bucket(key.bucketStart)} AS bucket`, ...DIMENSIONS.map((d) => `${sqlValue(key.dims[d])} AS ${d}`), ...sumStateExpressions(sums)].join(", ")}`,
    ),
  );
  // Each INSERT carries some hours' deltas and the same deltas summed into their days' rows
  // (migration 0014), so that a day row stays the sum of its hours whichever INSERT fails.
  const rollupRow = (bucketStart: number, dimension: string, value: string, sums: ResponseSums) =>
    `SELECT ${[`${tenant} AS tenant_id`, `${bucket(bucketStart)} AS bucket`, `${sqlValue(dimension)} AS dimension`, `${sqlValue(value)} AS value`, ...sumStateExpressions(sums)].join(", ")}`;
  const hoursPerInsert = ROWS_PER_INSERT / 2;
  for (let start = 0; start < deltas.hourly.length; start += hoursPerInsert) {
    const hours = deltas.hourly.slice(start, start + hoursPerInsert);
    const days: Keyed<HourlyKey> = new Map();
    for (const { key, sums } of hours)
      addInto(days, { ...key, bucketStart: Math.floor(key.bucketStart / 86_400) * 86_400 }, sums);
    await insertStates(
      w,
      "metrics_1h_by_dimension",
      ["tenant_id", "bucket", "dimension", "value", ...AGGREGATE_COLUMNS],
      [
        ...hours.map(({ key, sums }) =>
          rollupRow(key.bucketStart, rollupRowDimension(key.dimension, "hour"), key.value, sums),
        ),
        ...[...days.values()].map(({ key, sums }) =>
          rollupRow(key.bucketStart, rollupRowDimension(key.dimension, "day"), key.value, sums),
        ),
      ],
    );
  }
}
