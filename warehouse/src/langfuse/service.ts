import { createWarehouse, warehouseConfigFromEnv, type Warehouse } from "../client";
import { storedErrorMessage } from "../label-freshness/stored-error";
import { runPeriodically } from "../periodic";
import { roleWarehouse, type RunningRole } from "../role-warehouse";
import type { LangfuseConfig } from "./config";
import { langfuseApi } from "./langfuse-api";
import { pullTenantFeedback, type PullResult } from "./feedback-pull";
import { writeBackTenant, type WritebackResult } from "./writeback";

export interface WritebackLoopOptions {
  onPass?: (results: WritebackResult[], pulls: PullResult[]) => void;
  /** A tenant's failed pass (its message already redacted); the loop goes on with the next tenant. */
  onError?: (tenantId: string, message: string) => void;
}

/**
 * Runs the write-back (and the feedback pull, where configured) of every configured tenant in a loop of its own, apart from the evaluator's:
 * a slow or unreachable Langfuse delays only the write-back (its lag grows), never the labels.
 * Tenants not configured are never read nor sent. Returns `stop`, which waits for the pass in flight.
 */
export function startLangfuseWriteback(
  w: Warehouse,
  config: LangfuseConfig,
  options: WritebackLoopOptions = {},
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
  const onError =
    options.onError ?? ((tenantId, message) => console.error(`langfuse write-back: ${tenantId}: ${message}`));
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

/** The `langfuse` role of answerscope serve: the write-back loop, on `shared` when given. */
export function startLangfuseService(config: LangfuseConfig, shared?: Warehouse): RunningRole {
  const { warehouse, release } = roleWarehouse(shared, () => createWarehouse(warehouseConfigFromEnv(config)));
  const stopLoop = startLangfuseWriteback(warehouse, config, {
    onPass: (results, pulls) => {
      const sent = results.filter((r) => r.responses > 0);
      if (sent.length > 0)
        console.log(
          `langfuse write-back: ${sent.map((r) => `${r.tenantId}: ${r.responses} response(s), ${r.scores} score(s), ${r.events} event(s)${r.eventsSkipped > 0 ? ` (${r.eventsSkipped} trace id(s) OTLP cannot carry)` : ""}`).join("; ")}`,
        );
      const read = pulls.filter((r) => r.read + r.revisited > 0);
      if (read.length > 0)
        console.log(
          `langfuse feedback pull: ${read.map((r) => `${r.tenantId}: ${r.read} score(s) read, ${r.revisited} re-read, ${r.sent} sent, ${r.skipped} skipped`).join("; ")}`,
        );
    },
  });
  // Names only: a tenant's keys are never printed.
  console.log(
    `langfuse write-back started: ${config.tenants.length === 0 ? "no tenant configured, nothing is sent" : `tenants ${config.tenants.map((t) => t.tenant_id).join(", ")}`}`,
  );
  return {
    async stop() {
      await stopLoop();
      await release();
    },
  };
}
