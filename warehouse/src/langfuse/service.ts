import { createWarehouse, warehouseConfigFromEnv, type Warehouse } from "../client";
import { storedErrorMessage } from "../label-freshness/stored-error";
import { runPeriodically } from "../periodic";
import type { ServiceLog } from "../service-log";
import { roleWarehouse, type RunningRole } from "../role-warehouse";
import type { LangfuseConfig } from "./config";
import { langfuseApi } from "./langfuse-api";
import { pullTenantFeedback, type PullResult } from "./feedback-pull";
import { writeBackTenant, type WritebackResult } from "./writeback";

export interface WritebackLoopOptions {
  onPass?: (results: WritebackResult[], pulls: PullResult[]) => void;
  /** A tenant's failed pass (its message already redacted; "*" for the loop's own); the loop goes on with the next tenant. */
  onError: (tenantId: string, message: string) => void;
}

/**
 * Runs the write-back (and the feedback pull, where configured) of every configured tenant in a loop of its own, apart from the evaluator's:
 * a slow or unreachable Langfuse delays only the write-back (its lag grows), never the labels.
 * Tenants not configured are never read nor sent. Returns `stop`, which waits for the pass in flight.
 */
export function startLangfuseWriteback(
  w: Warehouse,
  config: LangfuseConfig,
  options: WritebackLoopOptions,
): () => Promise<void> {
  const policy = {
    maxRetries: config.LANGFUSE_MAX_RETRIES,
    timeoutSeconds: config.LANGFUSE_TIMEOUT_S,
    concurrency: config.LANGFUSE_CONCURRENCY,
  };
  const tenants = config.tenants.map((tenant) => ({ tenant, api: langfuseApi(tenant, policy) }));
  const writeback = { batchSize: config.LANGFUSE_BATCH_SIZE, latencyTargetMs: config.LANGFUSE_LATENCY_TARGET_MS };
  const pull = {
    collectorUrl: config.LANGFUSE_PULL_COLLECTOR_URL,
    settleMs: config.LANGFUSE_PULL_SETTLE_MS,
    revisitWindowMs: config.LANGFUSE_PULL_REVISIT_WINDOW_MS,
    revisitIntervalMs: config.LANGFUSE_PULL_REVISIT_INTERVAL_MS,
    pageSize: 100,
  };
  const { onError } = options;
  const stopLoop = runPeriodically(
    async () => {
      const results: WritebackResult[] = [];
      const pulls: PullResult[] = [];
      for (const { tenant, api } of tenants) {
        const secrets = [tenant.secret_key.reveal(), tenant.ingest_key?.reveal() ?? ""].filter(Boolean);
        const report = (error: unknown) =>
          onError(
            tenant.tenant_id,
            secrets.reduce((text, secret) => text.split(secret).join("[redacted]"), storedErrorMessage(error)),
          );
        await writeBackTenant(w, tenant, api, writeback).then((r) => void results.push(r), report);
        // The feedback pull is independent of the write-back: one failing does not stop the other.
        if (tenant.pull_score_names.length > 0)
          await pullTenantFeedback(w, tenant, api, pull).then((r) => void pulls.push(r), report);
      }
      options.onPass?.(results, pulls);
    },
    config.LANGFUSE_WRITEBACK_INTERVAL_MS,
    (error) => onError("*", storedErrorMessage(error)),
  );
  return async () => {
    await stopLoop();
    await Promise.all(tenants.map(({ api }) => api.close()));
  };
}

/**
 * The `langfuse` role of answerscope serve: the write-back loop, on `shared` when given, logging
 * through the process's structured logger: counts, statuses and tenants, never a key. A failed
 * pass's message (the HTTP status, already redacted) is stored for the writeback status view, not logged.
 */
export function startLangfuseService(config: LangfuseConfig, log: ServiceLog, shared?: Warehouse): RunningRole {
  const { warehouse, release } = roleWarehouse(shared, () =>
    createWarehouse(warehouseConfigFromEnv(config), { logger: log }),
  );
  const stopLoop = startLangfuseWriteback(warehouse, config, {
    onPass: (results, pulls) => {
      for (const r of results.filter((r) => r.responses > 0 || r.rejected > 0))
        log[r.rejected > 0 ? "warn" : "info"](
          {
            tenant: r.tenantId,
            responses: r.responses,
            scores: r.scores,
            events: r.events,
            events_skipped: r.eventsSkipped,
            rejected_by_status: r.rejectedByStatus,
          },
          "langfuse write-back pass",
        );
      for (const r of pulls.filter((r) => r.read + r.revisited > 0))
        log[Object.keys(r.collectorRejected).length > 0 ? "warn" : "info"](
          {
            tenant: r.tenantId,
            read: r.read,
            revisited: r.revisited,
            sent: r.sent,
            skipped: r.skipped,
            collector_rejected: r.collectorRejected,
          },
          "langfuse feedback pull",
        );
    },
    onError: (tenantId) => log.error({ tenant: tenantId }, "langfuse write-back pass failed"),
  });
  // Names only: a tenant's keys are never logged.
  log.info({ tenants: config.tenants.map((t) => t.tenant_id) }, "langfuse write-back started");
  return {
    async stop() {
      await stopLoop();
      await release();
    },
  };
}
