import { queryRows, type Warehouse } from "../client";
import { insertRows } from "../insert-rows";
import { sqlValue } from "../sql/escape";
import { storedErrorMessage } from "./stored-error";

/** The table of migration 0017. */
const RUNS_TABLE = "outcome_evaluator_runs";

/** tenant_id of the run as a whole (migration 0017): it failed before it knew its tenants, or it got past that. */
export const WHOLE_RUN = "";

/** How one evaluator run ended for one tenant (or WHOLE_RUN): `error` absent when it succeeded. */
export interface EvaluatorRunOutcome {
  tenantId: string;
  error?: unknown;
}

/** The newest success or failure stored for a tenant (or WHOLE_RUN). */
export interface StoredRunOutcome {
  tenantId: string;
  succeeded: boolean;
  atMs: number;
  /** The failure's redacted message; '' for a success. */
  error: string;
}

/**
 * Stores how a run ended for each tenant it looked at, all stamped `atMs`, in one insert. A reader
 * compares the newest failure with the newest success, so a failure and a success of one run at
 * the same time must mean "failed": callers write a tenant's failure, never also its success.
 */
export async function recordEvaluatorRuns(
  w: Warehouse,
  outcomes: readonly EvaluatorRunOutcome[],
  atMs: number,
): Promise<void> {
  await insertRows(
    w,
    RUNS_TABLE,
    outcomes.map(({ tenantId, error }) => ({
      tenant_id: tenantId,
      succeeded: error === undefined ? 1 : 0,
      at_ms: Math.trunc(atMs),
      error: error === undefined ? "" : storedErrorMessage(error),
    })),
  );
}

/** The newest success and failure of the tenant asked for (or of every tenant), and of WHOLE_RUN. */
export async function storedRunOutcomes(w: Warehouse, tenantId?: string): Promise<StoredRunOutcome[]> {
  const where = tenantId === undefined ? "" : `WHERE tenant_id IN (${sqlValue(tenantId)}, ${sqlValue(WHOLE_RUN)})`;
  // Aliases differ from the columns: 18.16 would read `at_ms` in argMax as the alias, an aggregate in an aggregate.
  const rows = await queryRows<{ tenant_id: string; succeeded: number; last_at_ms: number; last_error: string }>(
    w,
    `SELECT tenant_id, succeeded, max(at_ms) AS last_at_ms, argMax(error, at_ms) AS last_error
     FROM ${w.table(RUNS_TABLE)} ${where} GROUP BY tenant_id, succeeded`,
  );
  return rows.map((row) => ({
    tenantId: row.tenant_id,
    succeeded: Number(row.succeeded) === 1,
    atMs: Number(row.last_at_ms),
    error: row.last_error,
  }));
}
