import type { Warehouse } from "../client";
import { insertRows } from "../insert-rows";
import { queryRows } from "../client";
import { tenantCondition } from "../facts/sql-fragments";
import { sqlValue } from "../sql/escape";
import { joinUsing } from "../sql/join";
import { labelsInRangeSql } from "./current-labels";
import {
  FIRST_OF_SESSION_COUNTS,
  LABEL_COUNT_COLUMNS,
  LABEL_ROW_COUNT_NAMES,
  labelRowCountSql,
} from "./label-row-counts";
import { DIMENSIONS } from "../queries/query-input";
import { OUTCOME_ROLLUP_DIMENSIONS } from "./session-prev";

/**
 * outcomes_1h_by_dimension (migration 0013): Phase 2 counts per tenant x hour x one dimension x
 * the hour of each response's previous same-value response in its session. Hours are rebuilt
 * whole from the current label rows, never patched, so a rebuild repeated or interrupted leaves
 * nothing counted twice; readers take each hour's newest version.
 */

export const HOUR_MS = 3_600_000;
const COUNTS = [
  ...LABEL_ROW_COUNT_NAMES,
  ...(Object.keys(FIRST_OF_SESSION_COUNTS) as (keyof typeof FIRST_OF_SESSION_COUNTS)[]),
];
/** The rollup's columns, in the order the rebuild writes them. */
const ROLLUP_COLUMNS = ["tenant_id", "bucket", "dimension", "value", "prev_hour", "version", ...COUNTS];

/** Hour starts (epoch ms) of the given times, each once, sorted. */
export const hoursOf = (timesMs: Iterable<number>): number[] =>
  [...new Set([...timesMs].map((ms) => Math.floor(ms / HOUR_MS) * HOUR_MS))].sort((a, b) => a - b);

/** An hour start (epoch ms) as a DateTime literal. */
export const hourLiteral = (hourMs: number): string => sqlValue(new Date(hourMs));

/**
 * Records that these hours are about to change (before the label rows are written), at the wall
 * clock: a rebuild's version is newer than every mark it answers, whatever `now` a run was given.
 */
export async function markRollupStale(w: Warehouse, tenantId: string, hoursMs: readonly number[]): Promise<void> {
  const markedAtMs = Date.now();
  if (hoursMs.length === 0) return;
  await insertRows(
    w,
    "outcome_rollup_stale",
    hoursMs.map((hourMs) => ({
      tenant_id: tenantId,
      bucket: Math.floor(hourMs / 1000),
      marked_at_ms: Math.trunc(markedAtMs),
    })),
  );
}

/** Each listed hour's newest rollup version: the version of its ('', '', 0) row, which every rebuild writes. */
export function rollupVersionsSql(w: Warehouse, tenantId: string, fromMs: number, toMs: number): string {
  return `SELECT bucket, max(version) AS version FROM ${w.table("outcomes_1h_by_dimension")}
    WHERE ${tenantCondition(tenantId)} AND dimension = '' AND bucket >= ${hourLiteral(fromMs)} AND bucket < ${hourLiteral(toMs)}
    GROUP BY bucket`;
}

/** Hours (epoch ms) marked stale after their newest rebuild, oldest first. */
async function staleRollupHours(w: Warehouse, tenantId: string): Promise<{ hours: number[]; newestMarkMs: number }> {
  const rows = await queryRows<{ hour: number; marked: number }>(
    w,
    `SELECT toUInt32(bucket) AS hour, marked FROM ${joinUsing(
      `SELECT bucket, max(marked_at_ms) AS marked FROM ${w.table("outcome_rollup_stale")} WHERE ${tenantCondition(tenantId)} GROUP BY bucket`,
      "ANY LEFT",
      `SELECT bucket, max(version) AS version FROM ${w.table("outcomes_1h_by_dimension")} WHERE ${tenantCondition(tenantId)} AND dimension = '' GROUP BY bucket`,
      ["bucket"],
    )}
     WHERE marked >= version
     ORDER BY hour`,
  );
  return {
    hours: rows.map((row) => Number(row.hour) * 1000),
    newestMarkMs: Math.max(0, ...rows.map((row) => Number(row.marked))),
  };
}

/** Entries of ARRAY JOIN: (dimension, value, previous same-value response's time) per rollup dimension. */
const ENTRIES = `[${OUTCOME_ROLLUP_DIMENSIONS.map(
  (dimension, index) =>
    `(${sqlValue(dimension)}, ${dimension === "" ? "''" : dimension}, prev_ms_by_dimension[${index + 1}])`,
).join(", ")}]`;

/**
 * INSERT ... SELECT that rebuilds the given hours of one tenant with `version`: every label row of
 * those hours counted once per rollup dimension, plus a zero row per hour (an hour whose responses
 * all moved away must still get a newest version).
 */
export function rebuildRollupSql(w: Warehouse, tenantId: string, hoursMs: readonly number[], version: number): string {
  const fromMs = hoursMs[0]!;
  const toMs = hoursMs[hoursMs.length - 1]! + HOUR_MS;
  const labels = labelsInRangeSql(w, {
    tenantId,
    fromMs,
    toMs,
    windows:
      hoursMs.length === (toMs - fromMs) / HOUR_MS
        ? undefined
        : hoursMs.map((hourMs) => [hourMs, hourMs + HOUR_MS] as const),
    columns: [
      "tenant_id",
      "occurred_at",
      "occurred_at_ms",
      ...LABEL_COUNT_COLUMNS,
      "prev_ms_by_dimension",
      ...DIMENSIONS,
    ],
  });
  const perLabel = `SELECT tenant_id, toStartOfHour(occurred_at) AS bucket, entry.1 AS dimension, entry.2 AS value,
      toStartOfHour(toDateTime(intDiv(entry.3, 1000), 'UTC')) AS prev_hour,
      ${COUNTS.map((name) => `${labelRowCountSql(name)} AS n_${name}`).join(", ")}
    FROM (${labels})
    ARRAY JOIN ${ENTRIES} AS entry`; // n_: an alias named like a column would replace it in the other expressions
  // materialize(): 18.16 refuses a UNION ALL whose branches differ in which columns are constant.
  const zeros = `SELECT materialize(${sqlValue(tenantId)}) AS tenant_id, toDateTime(hour, 'UTC') AS bucket, materialize('') AS dimension, materialize('') AS value,
      materialize(toDateTime(0, 'UTC')) AS prev_hour, ${COUNTS.map((name) => `materialize(toUInt64(0)) AS n_${name}`).join(", ")}
    FROM (SELECT arrayJoin([${hoursMs.map((hourMs) => Math.floor(hourMs / 1000)).join(", ")}]) AS hour)`;
  return `INSERT INTO ${w.table("outcomes_1h_by_dimension")} (${ROLLUP_COLUMNS.join(", ")})
    SELECT tenant_id, bucket, dimension, value, prev_hour, toUInt64(${sqlValue(Math.trunc(version))}) AS version,
      ${COUNTS.map((name) => `sum(n_${name}) AS ${name}`).join(", ")}
    FROM (${perLabel} UNION ALL ${zeros})
    GROUP BY tenant_id, bucket, dimension, value, prev_hour`;
}

/** Hours per rebuild statement: bounds its memory (one group per hour x dimension value x previous hour). */
const HOURS_PER_REBUILD = 24 * 7;

type RebuildProgress = (done: number, total: number) => void;

/**
 * Rebuilds every hour of the tenant marked stale since its last rebuild, a week of hours per
 * statement, with a version newer than the newest mark and than the clock; returns how many.
 */
export async function rebuildStaleRollupHours(
  w: Warehouse,
  tenantId: string,
  onProgress?: RebuildProgress,
): Promise<number> {
  const { hours, newestMarkMs } = await staleRollupHours(w, tenantId);
  const version = Math.max(Date.now(), newestMarkMs + 1);
  for (let start = 0; start < hours.length; start += HOURS_PER_REBUILD) {
    await w.client.command({
      query: rebuildRollupSql(w, tenantId, hours.slice(start, start + HOURS_PER_REBUILD), version),
    });
    onProgress?.(Math.min(start + HOURS_PER_REBUILD, hours.length), hours.length);
  }
  return hours.length;
}

/**
 * Marks and rebuilds every hour of the tenant: a first evaluation, which writes only the label rows
 * that changed while the rollup may be missing altogether, and a generated data set.
 */
export async function rebuildAllRollupHours(
  w: Warehouse,
  tenantId: string,
  onProgress?: RebuildProgress,
): Promise<number> {
  await markRollupStale(w, tenantId, await allRollupHours(w, tenantId));
  return rebuildStaleRollupHours(w, tenantId, onProgress);
}

/** Tenants (or the one asked for) with any rollup hour built. */
export async function tenantsWithRollup(w: Warehouse, tenantId?: string): Promise<Set<string>> {
  const rows = await queryRows<{ tenant_id: string }>(
    w,
    `SELECT DISTINCT tenant_id FROM ${w.table("outcomes_1h_by_dimension")} WHERE dimension = ''${tenantId === undefined ? "" : ` AND ${tenantCondition(tenantId)}`}`,
  );
  return new Set(rows.map((row) => row.tenant_id));
}

/** Every hour (epoch ms) that holds a label row of the tenant or a rollup row: what a full rebuild covers. */
async function allRollupHours(w: Warehouse, tenantId: string): Promise<number[]> {
  const rows = await queryRows<{ hour: number }>(
    w,
    `SELECT DISTINCT toUInt32(toStartOfHour(occurred_at)) AS hour FROM ${w.table("response_labels_by_time")} WHERE ${tenantCondition(tenantId)}
     UNION ALL
     SELECT DISTINCT toUInt32(bucket) AS hour FROM ${w.table("outcomes_1h_by_dimension")} WHERE ${tenantCondition(tenantId)} AND dimension = ''`,
  );
  return hoursOf(rows.map((row) => Number(row.hour) * 1000));
}
