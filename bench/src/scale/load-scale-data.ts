import { dimensionRollupBackfillSql, queryRows, rebuildAllRollupHours, type Warehouse } from "@answerscope/warehouse";
import { progress } from "../progress";
import {
  feedbackEventsSelectSql,
  responseLabelsSelectSql,
  responsesSelectSql,
  toolCallEventsSelectSql,
  type DataWindow,
} from "./data-shape";

export interface ScaleCounts {
  responses: number;
  toolCallEvents: number;
  feedbackEvents: number;
}

export interface LoadReport {
  counts: ScaleCounts;
  /** Wall-clock seconds per table, inserts plus the materialized views they feed (for responses also the hour-and-day rows, filled after the inserts); `labels`: both label tables. */
  seconds: Record<keyof ScaleCounts, number> & { labels?: number };
  metricsRows: number;
  /** A data set reused with --reuse-data: when the run that loaded it was measured (its `seconds` are that run's), if known. */
  loadedByRunOf?: string;
}

/** 3 tool-call events per response and 1 feedback event per 10 responses, as issue 6 asks; responses rounded to a multiple of 40 so every derived number is whole. */
export function scaleCountsFor(responses: number): ScaleCounts {
  const n = Math.max(40, Math.floor(responses / 40) * 40);
  return { responses: n, toolCallEvents: 3 * n, feedbackEvents: n / 10 };
}

const CHUNK_ROWS = 1_000_000;

/** Row numbers `n` of one chunk, and a source that adds columns computed from them (default: `n` alone). */
type ChunkSource = (numbers: string) => string;

async function insertChunks(
  w: Warehouse,
  table: string,
  total: number,
  selectList: (n: string) => string,
  source: ChunkSource = (numbers) => numbers,
): Promise<number> {
  const started = performance.now();
  for (let offset = 0; offset < total; offset += CHUNK_ROWS) {
    const rows = Math.min(CHUNK_ROWS, total - offset);
    // numbers(N) plus an offset: 18.16 has no numbers(offset, count) everywhere, and no query parameters.
    await w.client.command({
      query: `INSERT INTO ${w.table(table)} (${columnsOf(selectList("n")).join(", ")}) SELECT ${selectList("n")} FROM (${source(`SELECT number + ${offset} AS n FROM system.numbers LIMIT ${rows}`)})`,
      clickhouse_settings: { max_insert_block_size: "1048576" },
    });
    const done = offset + rows;
    const seconds = (performance.now() - started) / 1000;
    progress(
      `${table}: ${done.toLocaleString("en")} / ${total.toLocaleString("en")} rows (${Math.round(done / seconds).toLocaleString("en")} rows/s)`,
    );
  }
  return (performance.now() - started) / 1000;
}

/** Column names in SELECT order: INSERT ... SELECT matches by position, and the prev_* columns are left to their defaults. */
export function columnsOf(selectList: string): string[] {
  return [...selectList.matchAll(/\bAS (\w+)\s*(?:,|$)/g)].map((match) => match[1]!);
}

/**
 * Label rows of every response into both label tables (see responseLabelsSelectSql), then the
 * outcome rollup rebuilt from them, as the evaluator would leave it. Returns the seconds taken.
 */
export async function loadScaleLabels(w: Warehouse, responses: number, window: DataWindow): Promise<number> {
  const withResponses: ChunkSource = (numbers) => `SELECT n, ${responsesSelectSql("n", window)} FROM (${numbers})`;
  return (
    (await insertChunks(
      w,
      "response_labels",
      responses,
      (n) => responseLabelsSelectSql(n, window, false),
      withResponses,
    )) +
    (await insertChunks(
      w,
      "response_labels_by_time",
      responses,
      (n) => responseLabelsSelectSql(n, window, true),
      withResponses,
    )) +
    (await rebuildScaleRollup(w))
  );
}

/** outcomes_1h_by_dimension (migration 0013) of every tenant rebuilt from its label rows; returns the seconds taken. */
export async function rebuildScaleRollup(w: Warehouse): Promise<number> {
  const started = performance.now();
  const tenants = await queryRows<{ tenant_id: string }>(
    w,
    `SELECT DISTINCT tenant_id FROM ${w.table("response_labels_by_time")} ORDER BY tenant_id`,
  );
  for (const { tenant_id: tenantId } of tenants) {
    await rebuildAllRollupHours(w, tenantId, (done, total) =>
      progress(
        `outcomes_1h_by_dimension: ${tenantId} ${done.toLocaleString("en")} / ${total.toLocaleString("en")} hours (${Math.round((performance.now() - started) / 1000)} s)`,
      ),
    );
  }
  return (performance.now() - started) / 1000;
}

/**
 * The views that write each response's hour and day rows per dimension (migration 0014). Each
 * response becomes 24 rows there, and their GROUP BY over one inserted block of 1,048,576
 * responses needs 1.93 GiB, past the bench ClickHouse's limit per query (a data set loaded before
 * 0014 and then migrated never meets it). A fresh load runs
 * without them and fills their table once from metrics_5m with the backfill an existing deployment
 * runs, a GROUP BY that spills to disk past half the limit.
 */
const DIMENSION_VIEWS = ["metrics_1h_1d_by_dimension_added_mv", "metrics_1h_1d_by_dimension_superseded_mv"];

/** Runs `load` with `views` detached (their target tables get nothing meanwhile), attaching them again whatever happens. */
async function withViewsDetached<T>(w: Warehouse, views: readonly string[], load: () => Promise<T>): Promise<T> {
  for (const view of views) await w.client.command({ query: `DETACH TABLE ${w.table(view)}` });
  try {
    return await load();
  } finally {
    for (const view of views) await w.client.command({ query: `ATTACH TABLE ${w.table(view)}` });
  }
}

async function loadResponses(w: Warehouse, responses: number, window: DataWindow): Promise<number> {
  const started = performance.now();
  await withViewsDetached(w, DIMENSION_VIEWS, () =>
    insertChunks(w, "responses", responses, (n) => responsesSelectSql(n, window)),
  );
  progress("responses: filling metrics_1h_by_dimension from metrics_5m");
  await w.client.command({ query: dimensionRollupBackfillSql(w) });
  return (performance.now() - started) / 1000;
}

export async function loadScaleData(w: Warehouse, counts: ScaleCounts, window: DataWindow): Promise<LoadReport> {
  const seconds = {
    responses: await loadResponses(w, counts.responses, window),
    toolCallEvents: await insertChunks(w, "tool_call_events", counts.toolCallEvents, (n) =>
      toolCallEventsSelectSql(n, window),
    ),
    feedbackEvents: await insertChunks(w, "feedback_events", counts.feedbackEvents, (n) =>
      feedbackEventsSelectSql(n, window),
    ),
    labels: await loadScaleLabels(w, counts.responses, window),
  };
  const metricsRows = Number(
    (await queryRows<{ n: number }>(w, `SELECT count() AS n FROM ${w.table("metrics_5m")}`))[0]?.n ?? 0,
  );
  return { counts, seconds, metricsRows };
}
