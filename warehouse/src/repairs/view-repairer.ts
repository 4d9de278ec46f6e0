import type { Warehouse } from "../client";
import { withTableLock } from "../sql/table-lock";
import { clusterSettled } from "./cluster-settled";
import { mergeScopes } from "./repair-scope";
import { repairViews } from "./repair-views";
import { markViewRepaired, pendingViewRepairs, type PendingViewRepair } from "./view-repairs-table";
import { promoteExpiredIntents } from "./write-intents";

export const VIEW_REPAIRS_LOCK = "view_repairs_lock";

export interface ViewRepairRound {
  /** Writes announced and never cancelled (migration 0010), turned into repairs by this round. */
  promoted: number;
  /** Repairs recorded and not done when the round started. */
  pending: number;
  /** Of those, done in this round. */
  repaired: number;
  /** Rows added to the views' tables. */
  applied: number;
  /** Why nothing was tried: a replica is down or still fetching. */
  waiting?: "cluster";
}

/** The pending repairs of each tenant as one scope: hours repaired once, every record marked done. */
const byTenant = (repairs: readonly PendingViewRepair[]) =>
  mergeScopes(repairs).map((scope) => ({ scope, records: repairs.filter((repair) => repair.tenantId === scope.tenantId) }));

/**
 * One round of view repairs (migrations 0009, 0010): writes announced and not cancelled before
 * their expiry become pending repairs; then, when repairs are pending and every replica has
 * caught up, one process at a time (a table lock) repairs each tenant's recorded hours and marks
 * those records done; a repair whose reads disagreed stays pending for the next round.
 */
export async function runViewRepairs(w: Warehouse, options: { settleMs: number; lockTimeoutMs: number }): Promise<ViewRepairRound> {
  const promoted = await promoteExpiredIntents(w);
  const pending = await pendingViewRepairs(w);
  if (pending.length === 0) return { promoted, pending: 0, repaired: 0, applied: 0 };
  if (!(await clusterSettled(w))) return { promoted, pending: pending.length, repaired: 0, applied: 0, waiting: "cluster" };
  return withTableLock(
    w,
    VIEW_REPAIRS_LOCK,
    async () => {
      let repaired = 0;
      let applied = 0;
      // Read again under the lock: another process may have done some meanwhile.
      for (const { scope, records } of byTenant(await pendingViewRepairs(w))) {
        const outcome = await repairViews(w, scope, options);
        applied += outcome.applied;
        if (outcome.unstable > 0) continue;
        for (const record of records) await markViewRepaired(w, record);
        repaired += records.length;
      }
      return { promoted, pending: pending.length, repaired, applied };
    },
    { timeoutMs: options.lockTimeoutMs },
  );
}
