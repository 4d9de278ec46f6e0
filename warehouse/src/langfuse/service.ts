import { createWarehouse, warehouseConfigFromEnv, type Warehouse } from "../client";
import { storedErrorMessage } from "../label-freshness/stored-error";
import { runPeriodically } from "../periodic";
import { roleWarehouse, type RunningRole } from "../role-warehouse";
import type { LangfuseConfig } from "./config";
import { langfuseApi } from "./langfuse-api";
import { writeBackTenant, type WritebackResult } from "./writeback";

export interface WritebackLoopOptions {
  onPass?: (results: WritebackResult[]) => void;
  /** A tenant's failed pass (its message already redacted); the loop goes on with the next tenant. */
  onError?: (tenantId: string, message: string) => void;
}

/**
 * Runs the write-back of every configured tenant in a loop of its own, apart from the evaluator's:
 * a slow or unreachable Langfuse delays only the write-back (its lag grows), never the labels.
 * Tenants not configured are never read nor sent. Returns `stop`, which waits for the pass in flight.
 */
export function startLangfuseWriteback(w: Warehouse, config: LangfuseConfig, options: WritebackLoopOptions = {}): () => Promise<void> {
  const policy = { maxRetries: config.LANGFUSE_MAX_RETRIES, timeoutSeconds: config.LANGFUSE_TIMEOUT_S };
  const tenants = config.tenants.map((tenant) => ({ tenant, api: langfuseApi(tenant, policy) }));
  const writeback = { batchSize: config.LANGFUSE_BATCH_SIZE, latencyTargetMs: config.LANGFUSE_LATENCY_TARGET_MS };
  const onError = options.onError ?? ((tenantId, message) => console.error(`langfuse write-back: ${tenantId}: ${message}`));
  return runPeriodically(
    async () => {
      const results: WritebackResult[] = [];
      for (const { tenant, api } of tenants) {
        try {
          results.push(await writeBackTenant(w, tenant, api, writeback));
        } catch (error) {
          onError(tenant.tenant_id, storedErrorMessage(error).split(tenant.secret_key.reveal()).join("[redacted]"));
        }
      }
      options.onPass?.(results);
    },
    config.LANGFUSE_WRITEBACK_INTERVAL_MS,
    (error) => onError("*", storedErrorMessage(error)),
  );
}

/** The `langfuse` role of answerscope serve: the write-back loop, on `shared` when given. */
export function startLangfuseService(config: LangfuseConfig, shared?: Warehouse): RunningRole {
  const { warehouse, release } = roleWarehouse(shared, () => createWarehouse(warehouseConfigFromEnv(config)));
  const stopLoop = startLangfuseWriteback(warehouse, config, {
    onPass: (results) => {
      const sent = results.filter((r) => r.responses > 0);
      if (sent.length > 0) console.log(`langfuse write-back: ${sent.map((r) => `${r.tenantId}: ${r.responses} response(s), ${r.scores} score(s)`).join("; ")}`);
    },
  });
  // Names only: a tenant's keys are never printed.
  console.log(`langfuse write-back started: ${config.tenants.length === 0 ? "no tenant configured, nothing is sent" : `tenants ${config.tenants.map((t) => t.tenant_id).join(", ")}`}`);
  return {
    async stop() {
      await stopLoop();
      await release();
    },
  };
}
