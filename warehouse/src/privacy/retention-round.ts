import type { Warehouse } from "../client";
import { VIEW_REPAIRS_LOCK } from "../repairs/view-repairer";
import { withTableLock } from "../sql/table-lock";
import { applyRetention, type TenantRetention } from "./retention";
import type { PrivacyConfig } from "./tenant-privacy";

export interface RetentionRoundOptions {
  /** How long the round waits for the lock another process holds before it fails. */
  lockTimeoutMs: number;
  /** A lock held longer is taken over (its holder was killed). */
  lockLeaseMs: number;
  nowMs?: number;
  log?: (line: string) => void;
}

/**
 * One retention deletion (retention.ts) under the view repairs' lock: a repair compares the facts
 * of an hour with the views' sums of it, and the deletion removes both by separate mutations, so a
 * repair reading between them would "correct" the sums of an hour being deleted. Under the same
 * lock the two never interleave, and only one writing process deletes at a time.
 */
export function runRetentionRound(
  w: Warehouse,
  config: PrivacyConfig,
  options: RetentionRoundOptions,
): Promise<TenantRetention[]> {
  return withTableLock(
    w,
    VIEW_REPAIRS_LOCK,
    () => applyRetention(w, config, { apply: true, nowMs: options.nowMs, log: options.log }),
    { timeoutMs: options.lockTimeoutMs, leaseMs: options.lockLeaseMs, log: options.log },
  );
}

/** Whether any tenant has a retention: without one, no writing process schedules the round. */
export const anyRetention = (config: PrivacyConfig): boolean =>
  config.default.retention_days != null ||
  Object.values(config.tenants).some((tenant) => tenant.retention_days != null);
