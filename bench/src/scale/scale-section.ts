import {
  dimensionRollupBackfillSql,
  idIndexBackfillSql,
  migrate,
  queryRows,
  sqlValue,
  toolCallFirstsBackfillSql,
  toolCallStatesBackfillSql,
  type Warehouse,
} from "@answerscope/warehouse";
import { progress } from "../progress";
import { dataWindowEndingAt, type DataWindow } from "./data-shape";
import { waitForMerges } from "../merges";
import { loadScaleData, loadScaleLabels, scaleCountsFor, type LoadReport } from "./load-scale-data";
import { measureDuplicateChecks, type DuplicateCheckTiming } from "./duplicate-checks";
import { measureQuerySpeed, type QuerySpeedReport } from "./query-speed";

export const LARGEST_TENANT = "bench_large";

export interface ScaleSection {
  window: { start: string; end: string };
  load: LoadReport;
  queries: QuerySpeedReport;
  /** Absent from results measured before the bench timed duplicate checks. */
  duplicateChecks?: DuplicateCheckTiming;
}

/**
 * A data set loaded before a migration that added a derived table has it empty: fill it once from
 * the facts with the statements an existing deployment runs (sql/README.md).
 */
async function fillWhenEmpty(w: Warehouse, table: string, what: string, statements: string[]): Promise<void> {
  const rows = await queryRows<{ n: number }>(w, `SELECT count() AS n FROM ${w.table(table)}`);
  if (Number(rows[0]?.n ?? 0) > 0) return;
  for (const [index, statement] of statements.entries()) {
    progress(`scale: filling ${what} (data set loaded before it existed), ${index + 1} of ${statements.length}`);
    await w.client.command({ query: statement });
  }
}

/** Parts of the tool_call_firsts and tool_call_states backfills: each GROUP BY then holds about 2 M calls of the 10 M-response data set. */
const FIRSTS_BACKFILL_PARTS = 8;

/** Priority 1: the large data set straight into ClickHouse, then every read route timed against it. */
export async function runScaleSection(
  w: Warehouse,
  responses: number,
  queryRuns: number,
  reuse?: LoadReport & { window: DataWindow },
): Promise<{ report: ScaleSection; window: DataWindow }> {
  const counts = scaleCountsFor(responses);
  let window = dataWindowEndingAt(Date.now());
  let load: LoadReport;
  if (reuse) {
    // --reuse-data: the data set of an earlier run (same counts) is still in the bench ClickHouse.
    ({ window } = reuse);
    load = reuse;
    progress(`scale: reusing the loaded data set (${counts.responses.toLocaleString("en")} responses)`);
    await migrate(w);
    await fillWhenEmpty(w, "metrics_1h_by_dimension", "metrics_1h_by_dimension from metrics_5m (migration 0006)", [
      dimensionRollupBackfillSql(w),
    ]);
    const firstsParts = Array.from({ length: FIRSTS_BACKFILL_PARTS }, (_, part) =>
      toolCallFirstsBackfillSql(w, part, FIRSTS_BACKFILL_PARTS),
    );
    await fillWhenEmpty(w, "tool_call_firsts", "tool_call_firsts from tool_call_events (migration 0007)", firstsParts);
    const tenants = (
      await queryRows<{ tenant_id: string }>(w, `SELECT DISTINCT tenant_id FROM ${w.table("tool_call_events")}`)
    ).map((row) => row.tenant_id);
    const statesParts = tenants.flatMap((tenant) =>
      Array.from({ length: FIRSTS_BACKFILL_PARTS }, (_, part) =>
        toolCallStatesBackfillSql(w, tenant, part, FIRSTS_BACKFILL_PARTS),
      ),
    );
    await fillWhenEmpty(w, "tool_call_states", "tool_call_states from tool_call_events (migration 0012)", statesParts);
    await fillWhenEmpty(w, "responses_by_session", "the id indexes of migration 0008", idIndexBackfillSql(w));
    // Generated label rows (with migration 0011's tool counts, then 0013's previous responses) came
    // later than some loaded data sets: those are generated again, with the outcome rollup.
    const labeled = await queryRows<{ n: number; without_prevs: number }>(
      w,
      `SELECT count() AS n, countIf(empty(prev_ms_by_dimension)) AS without_prevs FROM ${w.table("response_labels_by_time")} WHERE tenant_id = ${sqlValue(LARGEST_TENANT)}`,
    );
    if (Number(labeled[0]?.n ?? 0) === 0 || Number(labeled[0]?.without_prevs ?? 0) > 0) {
      progress("scale: generating the label rows (data set loaded before they were generated as they are now)");
      for (const table of [
        "response_labels",
        "response_labels_by_time",
        "outcomes_1h_by_dimension",
        "outcome_rollup_stale",
      ])
        await w.client.command({ query: `TRUNCATE TABLE ${w.table(table)}` });
      load = { ...load, seconds: { ...load.seconds, labels: await loadScaleLabels(w, counts.responses, window) } };
    }
  } else {
    await w.client.command({ query: `DROP DATABASE IF EXISTS ${w.target.database}` });
    await migrate(w);
    progress(
      `scale: loading ${counts.responses.toLocaleString("en")} responses, ${counts.toolCallEvents.toLocaleString("en")} tool-call events, ${counts.feedbackEvents.toLocaleString("en")} feedback events`,
    );
    load = await loadScaleData(w, counts, window);
  }
  progress(`scale: loaded; metrics_5m holds ${load.metricsRows.toLocaleString("en")} rows; waiting for merges`);
  await waitForMerges(w);
  progress(`scale: timing the query routes on ${LARGEST_TENANT} (${queryRuns} runs each)`);
  const queries = await measureQuerySpeed(w, window, LARGEST_TENANT, queryRuns);
  progress(
    `scale: timing the worker's duplicate checks of a write of new events on ${LARGEST_TENANT} (${queryRuns} runs)`,
  );
  const duplicateChecks = await measureDuplicateChecks(w, LARGEST_TENANT, queryRuns);
  progress(
    `  duplicate checks of a ${duplicateChecks.rowsPerWrite}-row write: p50 ${duplicateChecks.p50_ms} ms, p95 ${duplicateChecks.p95_ms} ms`,
  );
  return {
    report: {
      window: { start: new Date(window.startMs).toISOString(), end: new Date(window.endMs).toISOString() },
      load,
      queries,
      duplicateChecks,
    },
    window,
  };
}
