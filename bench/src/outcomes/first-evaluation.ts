import { describeChunkProgress, evaluateOutcomes, queryRows, type Warehouse } from "@answerscope/warehouse";
import { progress } from "../progress";
import { round } from "../stats";

export interface TenantEvaluation {
  tenantId: string;
  responses: number;
  candidates: number;
  written: number;
  seconds: number;
  responses_per_s: number;
  /** Responses per evaluation query at the end: smaller than the first-pass default when chunks passed ClickHouse's memory limit and were halved. */
  final_chunk_size: number;
  chunk_splits: number;
}

export interface FirstEvaluationReport {
  tenants: TenantEvaluation[];
  /** Tenants left unevaluated because the time budget ran out (their labels stay pending). */
  skipped: { tenantId: string; responses: number }[];
  budgetSeconds: number;
}

async function evaluateTenant(w: Warehouse, tenantId: string, responses: number): Promise<TenantEvaluation> {
  progress(`  outcomes: evaluating ${tenantId} (${responses.toLocaleString("en")} responses)...`);
  let finalChunkSize = 0;
  let splits = 0;
  let lastReport = performance.now();
  const result = await evaluateOutcomes(w, {
    tenantId,
    settleMs: 0, // the data set is complete: nothing in flight
    onChunk: (p) => {
      finalChunkSize = p.chunkSize;
      if (p.split) splits++;
      if (p.split || performance.now() - lastReport > 30_000 || p.evaluated === p.candidates) {
        lastReport = performance.now();
        progress(`  outcomes: ${describeChunkProgress(p)}`);
      }
    },
  });
  const seconds = result.durationMs / 1000;
  progress(`  outcomes: ${tenantId} took ${seconds.toFixed(1)} s (${result.written.toLocaleString("en")} labels)`);
  return {
    tenantId,
    responses,
    candidates: result.candidates,
    written: result.written,
    seconds: round(seconds, 2),
    responses_per_s: Math.round(responses / seconds),
    final_chunk_size: finalChunkSize,
    chunk_splits: splits,
  };
}

/**
 * The first evaluateOutcomes pass over the large data set. The largest tenant always goes first:
 * issue 6 times the label update on top of the large data set, which needs that tenant
 * evaluated once. The others follow from the smallest while the budget lasts (a pass's rate is
 * projected from the ones before it), and the rest are reported as skipped, not guessed.
 */
export async function evaluateFirstPass(w: Warehouse, budgetSeconds: number): Promise<FirstEvaluationReport> {
  const sizes = (
    await queryRows<{ tenant_id: string; n: number }>(
      w,
      `SELECT tenant_id, count() AS n FROM ${w.table("responses")} GROUP BY tenant_id ORDER BY n ASC`,
    )
  ).map(({ tenant_id, n }) => ({ tenantId: tenant_id, responses: Number(n) }));
  // A first pass starts from no labels: an earlier (interrupted) run's labels and watermarks would make it a partial update.
  for (const table of [
    "response_labels",
    "response_labels_by_time",
    "outcome_watermarks",
    "outcomes_1h_by_dimension",
    "outcome_rollup_stale",
  ])
    await w.client.command({ query: `TRUNCATE TABLE ${w.table(table)}` });
  const largest = sizes.pop();
  if (!largest) throw new Error("no responses to evaluate");
  const started = performance.now();
  const tenants = [await evaluateTenant(w, largest.tenantId, largest.responses)];
  const skipped: FirstEvaluationReport["skipped"] = [];
  for (const { tenantId, responses } of sizes) {
    const spent = (performance.now() - started) / 1000;
    const rate = tenants.reduce((s, t) => s + t.responses, 0) / tenants.reduce((s, t) => s + t.seconds, 0);
    if (spent + responses / rate > budgetSeconds) {
      skipped.push({ tenantId, responses });
      progress(
        `  outcomes: skipping ${tenantId} (${responses.toLocaleString("en")} responses; projected ${Math.round(responses / rate)} s > budget left)`,
      );
      continue;
    }
    tenants.push(await evaluateTenant(w, tenantId, responses));
  }
  return { tenants, skipped, budgetSeconds };
}
