import { dimensionRollupBackfillSql, idIndexBackfillSql, migrate, queryRows, toolCallFirstsBackfillSql, type Warehouse } from "@answerscope/warehouse";
import { progress } from "../progress";
import { dataWindowEndingAt, type DataWindow } from "./data-shape";
import { loadScaleData, scaleCountsFor, waitForMerges, type LoadReport } from "./load-scale-data";
import { measureQuerySpeed, type QuerySpeedReport } from "./query-speed";

export const LARGEST_TENANT = "bench_large";

export interface ScaleSection {
  window: { start: string; end: string };
  load: LoadReport;
  queries: QuerySpeedReport;
}

/**
 * A data set loaded before migration 0006 has an empty metrics_1h_by_dimension: fill it from
 * metrics_5m once, as an existing deployment does (sql/README.md).
 */
async function backfillDimensionRollup(w: Warehouse): Promise<void> {
  const rows = await queryRows<{ n: number }>(w, `SELECT count() AS n FROM ${w.table("metrics_1h_by_dimension")}`);
  if (Number(rows[0]?.n ?? 0) > 0) return;
  progress("scale: filling metrics_1h_by_dimension from metrics_5m (data set loaded before migration 0006)");
  await w.client.command({ query: dimensionRollupBackfillSql(w) });
}

/** Parts of the tool_call_firsts backfill: each GROUP BY then holds about 2 M calls of the 10 M-response data set. */
const FIRSTS_BACKFILL_PARTS = 8;

/** A data set loaded before migration 0007 has an empty tool_call_firsts: fill it from the events once. */
async function backfillToolCallFirsts(w: Warehouse): Promise<void> {
  const rows = await queryRows<{ n: number }>(w, `SELECT count() AS n FROM ${w.table("tool_call_firsts")}`);
  if (Number(rows[0]?.n ?? 0) > 0) return;
  for (let part = 0; part < FIRSTS_BACKFILL_PARTS; part++) {
    progress(`scale: filling tool_call_firsts from tool_call_events (data set loaded before migration 0007), part ${part + 1} of ${FIRSTS_BACKFILL_PARTS}`);
    await w.client.command({ query: toolCallFirstsBackfillSql(w, part, FIRSTS_BACKFILL_PARTS) });
  }
}

/** A data set loaded before migration 0008 has empty id indexes: fill them from the facts once. */
async function backfillIdIndexes(w: Warehouse): Promise<void> {
  const rows = await queryRows<{ n: number }>(w, `SELECT count() AS n FROM ${w.table("responses_by_session")}`);
  if (Number(rows[0]?.n ?? 0) > 0) return;
  for (const [index, statement] of idIndexBackfillSql(w).entries()) {
    progress(`scale: filling the id indexes of migration 0008 from the facts (data set loaded before it), ${index + 1} of 2`);
    await w.client.command({ query: statement });
  }
}

/** Priority 1: the large data set straight into ClickHouse, then every read route timed against it. */
export async function runScaleSection(w: Warehouse, responses: number, queryRuns: number, reuse?: LoadReport & { window: DataWindow }): Promise<{ report: ScaleSection; window: DataWindow }> {
  const counts = scaleCountsFor(responses);
  let window = dataWindowEndingAt(Date.now());
  let load: LoadReport;
  if (reuse) {
    // --reuse-data: the data set of an earlier run (same counts) is still in the bench ClickHouse.
    ({ window } = reuse);
    load = reuse;
    progress(`scale: reusing the loaded data set (${counts.responses.toLocaleString("en")} responses)`);
    await migrate(w);
    await backfillDimensionRollup(w);
    await backfillToolCallFirsts(w);
    await backfillIdIndexes(w);
  } else {
    await w.client.command({ query: `DROP DATABASE IF EXISTS ${w.target.database}` });
    await migrate(w);
    progress(`scale: loading ${counts.responses.toLocaleString("en")} responses, ${counts.toolCallEvents.toLocaleString("en")} tool-call events, ${counts.feedbackEvents.toLocaleString("en")} feedback events`);
    load = await loadScaleData(w, counts, window);
  }
  progress(`scale: loaded; metrics_5m holds ${load.metricsRows.toLocaleString("en")} rows; waiting for merges`);
  await waitForMerges(w);
  progress(`scale: timing the query routes on ${LARGEST_TENANT} (${queryRuns} runs each)`);
  const queries = await measureQuerySpeed(w, window, LARGEST_TENANT, queryRuns);
  return { report: { window: { start: new Date(window.startMs).toISOString(), end: new Date(window.endMs).toISOString() }, load, queries }, window };
}
