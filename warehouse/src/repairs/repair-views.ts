import type { Warehouse } from "../client";
import { queryRows } from "../client";
import { idIndexBackfillSql } from "../facts/id-indexes";
import { tenantCondition } from "../facts/sql-fragments";
import { tenantFactTimesBackfillSql } from "../facts/tenant-fact-times";
import { rewindWatermark } from "../outcomes/watermarks";
import { sqlValue } from "../sql/escape";
import { applyCallDeltas, callDeltas, type CallDelta, type CallTable } from "./call-deltas";
import { applyMetricsDeltas, metricsDeltas, type MetricsDeltas } from "./metrics-deltas";
import { hourRuns, type ViewRepairScope } from "./repair-scope";
import { stableDeltas } from "./stable-deltas";

const CALL_TABLES: CallTable[] = ["tool_call_firsts", "tool_call_states"];

interface ViewDeltas {
  metrics: MetricsDeltas;
  calls: Record<CallTable, CallDelta[]>;
}

export interface ViewRepairOutcome {
  /** Rows added to the views' tables. */
  applied: number;
  /** Deltas that differed between the two reads: the repair is not done and runs again. */
  unstable: number;
}

/**
 * The hours to repair: the scope's, plus every hour holding another version of a response that
 * has a version in the scope, since the views' -1 for a superseded version lands in its hour.
 * (The call-keyed tables need no such widening: callDeltas works per call, at any time.)
 */
async function repairRuns(w: Warehouse, scope: ViewRepairScope): Promise<[number, number][]> {
  const inRuns = hourRuns(scope.hourStarts)
    .map(([from, to]) => `(occurred_at_ms >= ${sqlValue(from)} AND occurred_at_ms < ${sqlValue(to)})`)
    .join(" OR ");
  const tenant = tenantCondition(scope.tenantId);
  const rows = await queryRows<{ hour: number }>(
    w,
    `SELECT DISTINCT toUInt32(toStartOfHour(occurred_at)) AS hour FROM ${w.table("responses")}
     WHERE ${tenant} AND response_id IN (SELECT response_id FROM ${w.table("responses")} WHERE ${tenant} AND (${inRuns}))`,
  );
  return hourRuns([...scope.hourStarts, ...rows.map((row) => Number(row.hour) * 1000)]);
}

async function viewDeltas(w: Warehouse, tenantId: string, runs: [number, number][]): Promise<ViewDeltas> {
  const perRun = await Promise.all(
    runs.map(async (run) => ({
      metrics: await metricsDeltas(w, tenantId, run),
      calls: await Promise.all(CALL_TABLES.map((table) => callDeltas(w, table, tenantId, run))),
    })),
  );
  // A call with events in two runs is found by both: keep it once.
  const once = (deltas: CallDelta[]) => [...new Map(deltas.map((delta) => [JSON.stringify(delta), delta])).values()];
  return {
    metrics: {
      fiveMinute: perRun.flatMap((run) => run.metrics.fiveMinute),
      hourly: perRun.flatMap((run) => run.metrics.hourly),
    },
    calls: Object.fromEntries(
      CALL_TABLES.map((table, index) => [table, once(perRun.flatMap((run) => run.calls[index]!))]),
    ) as Record<CallTable, CallDelta[]>,
  };
}

const sizeOf = (deltas: ViewDeltas) =>
  deltas.metrics.fiveMinute.length +
  deltas.metrics.hourly.length +
  CALL_TABLES.reduce((n, table) => n + deltas.calls[table].length, 0);

/**
 * Brings what the views wrote for one tenant's hours back in line with the facts: metrics_5m,
 * metrics_1h_by_dimension, tool_call_firsts and tool_call_states get the signed rows they lack (or hold too many
 * of), and the id indexes and the tenant's newest times are filled again (their copies fold). Only deltas read alike twice,
 * `settleMs` apart, are applied (stable-deltas.ts), so ingest can go on meanwhile.
 */
export async function repairViews(
  w: Warehouse,
  scope: ViewRepairScope,
  { settleMs }: { settleMs: number },
): Promise<ViewRepairOutcome> {
  const runs = await repairRuns(w, scope);
  let outcome: ViewRepairOutcome = { applied: 0, unstable: 0 };
  const first = await viewDeltas(w, scope.tenantId, runs);
  if (sizeOf(first) > 0) {
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    const second = await viewDeltas(w, scope.tenantId, runs);
    const fiveMinute = stableDeltas(first.metrics.fiveMinute, second.metrics.fiveMinute);
    const hourly = stableDeltas(first.metrics.hourly, second.metrics.hourly);
    const calls = CALL_TABLES.map((table) => ({ table, ...stableDeltas(first.calls[table], second.calls[table]) }));
    await applyMetricsDeltas(w, scope.tenantId, { fiveMinute: fiveMinute.stable, hourly: hourly.stable });
    for (const { table, stable } of calls) await applyCallDeltas(w, table, scope.tenantId, stable);
    outcome = {
      applied: fiveMinute.stable.length + hourly.stable.length + calls.reduce((n, call) => n + call.stable.length, 0),
      unstable: fiveMinute.unstable + hourly.unstable + calls.reduce((n, call) => n + call.unstable, 0),
    };
  }
  for (const [fromMs, toMs] of runs) {
    const run = { tenantId: scope.tenantId, fromMs, toMs };
    for (const query of [...idIndexBackfillSql(w, run), ...tenantFactTimesBackfillSql(w, run)])
      await w.client.command({ query });
  }
  // The evaluator may have labelled these rows from the short indexes: it looks at them again.
  await rewindWatermark(w, scope.tenantId, scope.minIngestedAtMs - 1);
  return outcome;
}
