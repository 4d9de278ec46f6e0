import type { Warehouse } from "../client";
import { DEFAULT_OUTCOME_INTERVAL_MS, DEFAULT_SETTLE_MS } from "../outcomes/evaluate-outcomes";
import { FOLLOWUP_WINDOW_MS } from "../outcomes/label-rules";
import { tenantProgress, type TenantProgress } from "../outcomes/watermarks";
import { storedRunOutcomes, WHOLE_RUN, type StoredRunOutcome } from "./evaluator-runs";
import type { LabelFreshness } from "./freshness-schema";

/**
 * Labels lagging more than this are stale. A label is pending for the observation window (10
 * minutes) anyway, and a healthy evaluator stops its watermark `settle` short of now and runs
 * every `interval`: a lag within their sum is the evaluator working. Declared once: the API, the
 * dashboard's banner and the exporter's alert rule all read it.
 */
export const LABEL_LAG_LIMIT_MS = FOLLOWUP_WINDOW_MS + DEFAULT_SETTLE_MS + DEFAULT_OUTCOME_INTERVAL_MS;

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
const newest = (runs: readonly StoredRunOutcome[]) =>
  runs.reduce<StoredRunOutcome | undefined>((best, run) => (!best || run.atMs > best.atMs ? run : best), undefined);

/**
 * One tenant's freshness at `nowMs`, from its progress (undefined: the tenant has no facts) and the
 * stored run outcomes of the tenant and of WHOLE_RUN.
 */
export function labelFreshnessOf(
  progress: TenantProgress | undefined,
  runs: readonly StoredRunOutcome[],
  nowMs: number,
): LabelFreshness {
  // A tenant with facts succeeds only by its own rows (a run scoped to another tenant writes a
  // whole-run success too); one without has nothing but the whole run's. Either fails by both.
  const lastSuccess = newest(
    runs.filter((run) => run.succeeded && (progress === undefined || run.tenantId !== WHOLE_RUN)),
  );
  const lastFailure = newest(runs.filter((run) => !run.succeeded));
  // A run stamps all its rows alike, so a failure as new as the newest success is that run's.
  const failing = lastFailure !== undefined && lastFailure.atMs >= (lastSuccess?.atMs ?? 0);
  // Nothing ingested after the watermark: the labels are as current as the facts, however old it is.
  const caughtUp =
    progress === undefined || (progress.watermarkMs !== undefined && progress.maxIngestedAtMs <= progress.watermarkMs);
  const evaluatedThrough = progress?.watermarkMs;
  const lagMs = caughtUp ? 0 : evaluatedThrough === undefined ? undefined : Math.max(0, nowMs - evaluatedThrough);
  const staleReason = failing
    ? "evaluator_failing"
    : lagMs === undefined
      ? "never_evaluated"
      : lagMs > LABEL_LAG_LIMIT_MS
        ? "lagging"
        : null;
  return {
    evaluated_through: iso(evaluatedThrough),
    caught_up: caughtUp,
    lag_seconds: lagMs === undefined ? null : lagMs / 1000,
    lag_limit_seconds: LABEL_LAG_LIMIT_MS / 1000,
    stale: staleReason !== null,
    stale_reason: staleReason,
    failing,
    last_success_at: iso(lastSuccess?.atMs),
    last_error: lastFailure ? { at: iso(lastFailure.atMs)!, message: lastFailure.error } : null,
  };
}

/** Every tenant's freshness (or the one asked for): tenants with facts and tenants with stored runs. */
export async function readLabelFreshness(
  w: Warehouse,
  options: { tenantId?: string; nowMs?: number } = {},
): Promise<Map<string, LabelFreshness>> {
  const nowMs = options.nowMs ?? Date.now();
  const [progress, runs] = await Promise.all([
    tenantProgress(w, options.tenantId),
    storedRunOutcomes(w, options.tenantId),
  ]);
  const tenants = new Set([
    ...progress.map((p) => p.tenantId),
    ...runs.map((run) => run.tenantId).filter((id) => id !== WHOLE_RUN),
  ]);
  if (options.tenantId !== undefined) tenants.add(options.tenantId);
  const wholeRun = runs.filter((run) => run.tenantId === WHOLE_RUN);
  return new Map(
    [...tenants].map((tenantId) => [
      tenantId,
      labelFreshnessOf(
        progress.find((p) => p.tenantId === tenantId),
        [...wholeRun, ...runs.filter((run) => run.tenantId === tenantId)],
        nowMs,
      ),
    ]),
  );
}

/** One tenant's freshness now. */
export async function readTenantLabelFreshness(
  w: Warehouse,
  tenantId: string,
  nowMs = Date.now(),
): Promise<LabelFreshness> {
  return (await readLabelFreshness(w, { tenantId, nowMs })).get(tenantId)!;
}
