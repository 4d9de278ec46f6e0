import { evaluateOutcomes, queryRows, type Warehouse } from "@answerscope/warehouse";
import { progress } from "../progress";
import { round } from "../stats";

export interface TenantEvaluation {
  tenantId: string;
  responses: number;
  candidates: number;
  written: number;
  seconds: number;
  responses_per_s: number;
}

export interface FirstEvaluationReport {
  tenants: TenantEvaluation[];
  /** Tenants left unevaluated because the time budget ran out (their labels stay pending). */
  skipped: { tenantId: string; responses: number }[];
  budgetSeconds: number;
}

/**
 * The first evaluateOutcomes pass over the large data set, one tenant at a time from the
 * smallest, so that when a pass over every response is too slow for the run, the largest
 * scale that finished is still measured (and the rest reported as skipped, not guessed).
 */
export async function evaluateFirstPass(w: Warehouse, budgetSeconds: number): Promise<FirstEvaluationReport> {
  const sizes = await queryRows<{ tenant_id: string; n: number }>(
    w,
    `SELECT tenant_id, count() AS n FROM ${w.table("responses")} GROUP BY tenant_id ORDER BY n ASC`,
  );
  // A first pass starts from no labels: an earlier (interrupted) run's labels and watermarks would make it a partial update.
  for (const table of ["response_labels", "response_labels_by_time", "outcome_watermarks", "outcomes_1h_by_dimension", "outcome_rollup_stale"]) await w.client.command({ query: `TRUNCATE TABLE ${w.table(table)}` });
  const started = performance.now();
  const tenants: TenantEvaluation[] = [];
  const skipped: FirstEvaluationReport["skipped"] = [];
  for (const { tenant_id: tenantId, n } of sizes) {
    const spent = (performance.now() - started) / 1000;
    // Projected from the rate so far: starting a pass that cannot end within the budget would only block the run.
    const rate = tenants.length ? tenants.reduce((s, t) => s + t.responses, 0) / tenants.reduce((s, t) => s + t.seconds, 0) : Infinity;
    if (spent + Number(n) / rate > budgetSeconds) {
      skipped.push({ tenantId, responses: Number(n) });
      progress(`  outcomes: skipping ${tenantId} (${Number(n).toLocaleString("en")} responses; projected ${Math.round(Number(n) / rate)} s > budget left)`);
      continue;
    }
    progress(`  outcomes: evaluating ${tenantId} (${Number(n).toLocaleString("en")} responses)...`);
    const result = await evaluateOutcomes(w, { tenantId, settleMs: 0 }); // the data set is complete: nothing in flight
    const seconds = result.durationMs / 1000;
    tenants.push({
      tenantId,
      responses: Number(n),
      candidates: result.candidates,
      written: result.written,
      seconds: round(seconds, 2),
      responses_per_s: Math.round(Number(n) / seconds),
    });
    progress(`  outcomes: ${tenantId} took ${seconds.toFixed(1)} s (${result.written.toLocaleString("en")} labels)`);
  }
  return { tenants, skipped, budgetSeconds };
}
