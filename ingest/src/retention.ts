import { anyRetention, loadPrivacyConfig, runPeriodically, runRetentionRound } from "@answerscope/warehouse";
import { errorClass, type Logger } from "@answerscope/runtime";
import type { Writer } from "./sink/warehouse-writer";

/**
 * The tenants' retention (docs/privacy.md), once every RETENTION_INTERVAL_MS (a day), in the
 * process that also runs the view repairs: the deletion takes their lock (retention-round.ts),
 * and this process already reads the tenants' privacy settings it needs. Every writing process
 * schedules it; the lock makes them take turns, and the turns after the first find nothing.
 * Nothing is scheduled when no tenant has a retention.
 */
export function startRetention({ warehouse, config, metrics }: Writer, logger: Logger): () => Promise<void> {
  const privacy = loadPrivacyConfig(config);
  if (!anyRetention(privacy)) return async () => {};
  return runPeriodically(
    async () => {
      const tenants = await runRetentionRound(warehouse, privacy, {
        lockTimeoutMs: config.VIEW_REPAIR_LOCK_LEASE_MS,
        lockLeaseMs: config.VIEW_REPAIR_LOCK_LEASE_MS,
        log: (line) => logger.info(line),
      });
      for (const tenant of tenants)
        for (const [table, rows] of Object.entries(tenant.rows)) metrics.retentionDeleted.inc({ table }, rows);
    },
    config.RETENTION_INTERVAL_MS,
    (error) => {
      metrics.retentionFailures.inc();
      logger.warn({ error_class: errorClass(error) }, "retention round failed");
    },
  );
}
