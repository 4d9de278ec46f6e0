import { queryRows, type Warehouse } from "../client";
import { insertRows } from "../insert-rows";
import { storedErrorMessage } from "../label-freshness/stored-error";
import { sqlValue } from "../sql/escape";

/** The table of migration 0018. */
const MARKS_TABLE = "langfuse_sync_marks";

/**
 * writeback: labels sent to Langfuse; pull: Langfuse feedback scores read in (mark: the score
 * timestamp read through); pull-revisit: the pull's re-read of older scores for changes (mark: the
 * updatedAt through which changes were visible to it).
 */
export type SyncDirection = "writeback" | "pull" | "pull-revisit";

export interface SyncMark {
  tenantId: string;
  /** Through where the last success got (0: never). */
  markMs: number;
  lastSuccessAtMs?: number;
  lastFailureAtMs?: number;
  /** The newest failure's redacted message, when it is newer than the newest success. */
  failing?: string;
}

/** How a pass ended: a success moves the mark; a failure keeps it and stores the redacted error. */
export async function recordSync(
  w: Warehouse,
  tenantId: string,
  direction: SyncDirection,
  result: { markMs: number; error?: unknown; secrets?: readonly string[] },
  atMs = Date.now(),
): Promise<void> {
  await insertRows(w, MARKS_TABLE, [
    {
      tenant_id: tenantId,
      direction,
      succeeded: result.error === undefined ? 1 : 0,
      mark_ms: Math.trunc(result.markMs),
      updated_at_ms: Math.trunc(atMs),
      error: result.error === undefined ? "" : withoutSecrets(storedErrorMessage(result.error), result.secrets ?? []),
    },
  ]);
}

/** A known secret never reaches the table, whatever shape redactSecrets recognises. */
function withoutSecrets(text: string, secrets: readonly string[]): string {
  return secrets.filter((s) => s.length > 0).reduce((out, secret) => out.split(secret).join("[redacted]"), text);
}

/** The mark and last outcomes of every tenant (or of the one asked for) in one direction. */
export async function syncMarks(
  w: Warehouse,
  direction: SyncDirection,
  tenantId?: string,
): Promise<Map<string, SyncMark>> {
  const tenant = tenantId === undefined ? "" : `AND tenant_id = ${sqlValue(tenantId)}`;
  // Aliases differ from the columns: 18.16 would read `updated_at_ms` in argMax as the alias.
  const rows = await queryRows<{
    tenant_id: string;
    mark: number;
    ok_at: number;
    failed_at: number;
    last_error: string;
  }>(
    w,
    `SELECT tenant_id,
        maxIf(mark_ms, succeeded = 1) AS mark,
        maxIf(updated_at_ms, succeeded = 1) AS ok_at,
        maxIf(updated_at_ms, succeeded = 0) AS failed_at,
        argMaxIf(error, updated_at_ms, succeeded = 0) AS last_error
     FROM ${w.table(MARKS_TABLE)}
     WHERE direction = ${sqlValue(direction)} ${tenant}
     GROUP BY tenant_id`,
  );
  return new Map(
    rows.map((row) => {
      const okAt = Number(row.ok_at);
      const failedAt = Number(row.failed_at);
      const mark: SyncMark = { tenantId: row.tenant_id, markMs: Number(row.mark) };
      if (okAt > 0) mark.lastSuccessAtMs = okAt;
      if (failedAt > 0) mark.lastFailureAtMs = failedAt;
      if (failedAt > okAt) mark.failing = row.last_error;
      return [row.tenant_id, mark];
    }),
  );
}
