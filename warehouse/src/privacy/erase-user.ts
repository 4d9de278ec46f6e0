import { createHash } from "node:crypto";
import { queryRows, type Warehouse } from "../client";
import { inIdSet, tenantCondition } from "../facts/sql-fragments";
import { insertRows } from "../insert-rows";
import { hoursOf, markRollupStale, rebuildStaleRollupHours } from "../outcomes/outcome-rollup";
import { repairViews } from "../repairs/repair-views";
import { sqlValue } from "../sql/escape";
import { countRows, deleteRows } from "./delete-rows";
import { TENANT_TABLE_NAMES, TENANT_TABLES, type EraseKey } from "./tenant-tables";

/**
 * Where one user's rows are, per table of TENANT_TABLES (docs/privacy.md): the facts the user sent
 * (by user_id), what was derived from the user's answers (by response_id) and calls (by
 * tool_call_id), and the refused events that name the user in their stored payload. The views'
 * sums are not deleted: they are corrected from the remaining facts afterwards (repairViews).
 */
function targets(
  user: string,
  responseIds: readonly string[],
  callIds: readonly string[],
): Record<string, string | null> {
  const conditions: Record<Exclude<EraseKey, "repair">, string | null> = {
    user: `user_id = ${sqlValue(user)}`,
    response: responseIds.length > 0 ? inIdSet("response_id", responseIds) : null,
    call: callIds.length > 0 ? inIdSet("tool_call_id", callIds) : null,
    // The sink stores payloads as compact JSON (rows.ts, redactPayload): this is how they name a user.
    payload: `positionUTF8(payload, ${sqlValue(`"user_id":${JSON.stringify(user)}`)}) > 0`,
  };
  return Object.fromEntries(
    TENANT_TABLE_NAMES.flatMap((table) => {
      const key = TENANT_TABLES[table].erase;
      return key === "repair" ? [] : [[table, conditions[key]]];
    }),
  );
}

const column = async (w: Warehouse, sql: string, name: string) =>
  (await queryRows<Record<string, string>>(w, sql)).map((row) => String(row[name]));

export interface Erasure {
  tenantId: string;
  /** sha256 (hex) of the user id: what the record keeps. */
  userHash: string;
  /** Rows removed per table. */
  deletedRows: Record<string, number>;
  /** Hours whose metrics and outcome rollups were rebuilt without the user. */
  hours: number;
}

export const userHashOf = (userId: string): string => createHash("sha256").update(userId).digest("hex");

/**
 * `answerscope erase --tenant T --user U`: removes every row of one user of one tenant from every
 * table, corrects what the views summed from them (metrics_5m, metrics_1h_by_dimension: repairViews
 * over the user's hours) and rebuilds the outcome rollup of those hours, then records the erasure
 * (`erasures`, migration 0020). Run it once the user's events have stopped arriving: an event that
 * arrives later is stored as any other. On a cluster the deletions run on every shard's local
 * tables (delete-rows.ts).
 */
export async function eraseUser(
  w: Warehouse,
  options: { tenantId: string; userId: string; settleMs?: number },
): Promise<Erasure> {
  const requestedAtMs = Date.now();
  const tenant = tenantCondition(options.tenantId);
  const user = `user_id = ${sqlValue(options.userId)}`;
  // What the user's rows are, read before they go.
  const [responseIds, callIds, times] = await Promise.all([
    column(w, `SELECT DISTINCT response_id FROM ${w.table("responses")} WHERE ${tenant} AND ${user}`, "response_id"),
    column(
      w,
      `SELECT DISTINCT tool_call_id FROM ${w.table("tool_call_events")} WHERE ${tenant} AND ${user}`,
      "tool_call_id",
    ),
    queryRows<{ at: number; ingested: number }>(
      w,
      `SELECT occurred_at_ms AS at, ingested_at_ms AS ingested FROM ${w.table("responses")} WHERE ${tenant} AND ${user}
       UNION ALL SELECT occurred_at_ms AS at, ingested_at_ms AS ingested FROM ${w.table("tool_call_events")} WHERE ${tenant} AND ${user}`,
    ),
  ]);
  const deletedRows: Record<string, number> = {};
  const deletions: { table: string; condition: string }[] = [];
  for (const [table, condition] of Object.entries(targets(options.userId, responseIds, callIds))) {
    deletedRows[table] = condition === null ? 0 : await countRows(w, table, `${tenant} AND ${condition}`);
    if (deletedRows[table] > 0) deletions.push({ table, condition: `${tenant} AND ${condition}` });
  }
  await deleteRows(w, deletions);

  const hours = hoursOf(times.map((row) => Number(row.at)));
  if (hours.length > 0) {
    const minIngestedAtMs = Math.min(...times.map((row) => Number(row.ingested)));
    await repairViews(
      w,
      { tenantId: options.tenantId, hourStarts: hours, minIngestedAtMs },
      { settleMs: options.settleMs ?? 500 },
    );
    await markRollupStale(w, options.tenantId, hours);
    await rebuildStaleRollupHours(w, options.tenantId);
  }
  const erasure = {
    tenantId: options.tenantId,
    userHash: userHashOf(options.userId),
    deletedRows,
    hours: hours.length,
  };
  await insertRows(w, "erasures", [
    {
      tenant_id: erasure.tenantId,
      user_hash: erasure.userHash,
      requested_at_ms: requestedAtMs,
      finished_at_ms: Date.now(),
      deleted_rows: JSON.stringify(deletedRows),
    },
  ]);
  return erasure;
}
