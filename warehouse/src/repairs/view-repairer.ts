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
  mergeScopes(repairs).map((scope) => ({
    scope,
    records: repairs.filter((repair) => repair.tenantId === scope.tenantId),
  }));

export interface ViewRepairOptions {
  settleMs: number;
  /** How long a round waits for the lock another process holds before it fails. */
  lockTimeoutMs: number;
  /** A lock held longer is taken over (its holder was killed); a round starts no tenant after half of it. */
  lockLeaseMs: number;
  log?: (message: string) => void;
}

/**
 * One round of view repairs (migrations 0009, 0010): writes announced and not cancelled before
 * their expiry become pending repairs; then, when repairs are pending and every replica has
 * caught up, one process at a time (a table lock, taken over past its lease from a process killed
 * while holding it) repairs each tenant's recorded hours and marks those records done; a repair
 * whose reads disagreed stays pending for the next round.
 */
export async function runViewRepairs(w: Warehouse, options: ViewRepairOptions): Promise<ViewRepairRound> {
  const promoted = await promoteExpiredIntents(w);
  const pending = await pendingViewRepairs(w);
  if (pending.length === 0) return { promoted, pending: 0, repaired: 0, applied: 0 };
  if (!(await clusterSettled(w)))
    return { promoted, pending: pending.length, repaired: 0, applied: 0, waiting: "cluster" };
  return withTableLock(
    w,
    VIEW_REPAIRS_LOCK,
    async (lock) => {
      let repaired = 0;
      let applied = 0;
      // Read again under the lock: another process may have done some meanwhile.
      for (const [index, { scope, records }] of byTenant(await pendingViewRepairs(w)).entries()) {
        // Past half the lease the rest waits for the next round, so no waiter takes the lock over
        // while this one still writes; the first tenant always runs, so every round makes progress.
        if (index > 0 && !lock.inLease()) break;
        const outcome = await repairViews(w, scope, options);
        applied += outcome.applied;
        if (outcome.unstable > 0) continue;
        for (const record of records) await markViewRepaired(w, record);
        repaired += records.length;
      }
      return { promoted, pending: pending.length, repaired, applied };
    },
    { timeoutMs: options.lockTimeoutMs, leaseMs: options.lockLeaseMs, log: options.log },
  );
}
