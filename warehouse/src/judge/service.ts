import { Registry } from "prom-client";
import { createWarehouse, warehouseConfigFromEnv, type Warehouse } from "../client";
import { runPeriodically } from "../periodic";
import { loadPrivacyConfig, tenantPrivacy } from "../privacy/tenant-privacy";
import { roleWarehouse, type RunningRole } from "../role-warehouse";
import type { ServiceLog } from "../service-log";
import { tenantJudgeSettings, type JudgeConfig } from "./config";
import { createJudgeMetrics } from "./judge-metrics";
import { judgeTenant, type JudgePassResult } from "./judge-pass";
import { tenantsWithTexts } from "./judge-rows";

const DAY_MS = 86_400_000;

export interface JudgeLoopOptions {
  /** Where the judge's counters are registered (the role's /metrics). */
  registry: Registry;
  onPass?: (results: JudgePassResult[]) => void;
  /** A tenant's failed pass ("*": the loop's own); the loop goes on. Never given a message: it could quote a text. */
  onError: (tenantId: string) => void;
  now?: () => number;
}

/**
 * Judges, every JUDGE_INTERVAL_MS, the answers of each tenant whose privacy settings keep answer
 * texts (a tenant that opted out since is skipped, its stored texts untouched). Returns `stop`,
 * which waits for the pass in flight.
 */
export function startJudgeLoop(w: Warehouse, config: JudgeConfig, options: JudgeLoopOptions): () => Promise<void> {
  const privacy = loadPrivacyConfig(config);
  const pass = {
    endpoint: {
      url: config.JUDGE_URL,
      model: config.JUDGE_MODEL,
      apiKey: config.JUDGE_API_KEY,
      timeoutMs: config.JUDGE_TIMEOUT_MS,
    },
    lookbackMs: config.JUDGE_LOOKBACK_DAYS * DAY_MS,
    metrics: createJudgeMetrics(options.registry),
    now: options.now,
  };
  return runPeriodically(
    async () => {
      const tenants = (await tenantsWithTexts(w)).filter((tenant) => tenantPrivacy(privacy, tenant).answer_texts);
      const results: JudgePassResult[] = [];
      for (const tenant of tenants)
        await judgeTenant(w, tenant, { ...pass, ...tenantJudgeSettings(config, tenant) }).then(
          (result) => void results.push(result),
          () => options.onError(tenant),
        );
      options.onPass?.(results);
    },
    config.JUDGE_INTERVAL_MS,
    () => options.onError("*"),
  );
}

/**
 * The `judge` role of answerscope serve: the loop on `shared` when given, logging tenants and
 * counts through the process's structured logger, never a key, a text or a response id. Its
 * counters are in `registry`, for the process to serve.
 */
export function startJudgeService(
  config: JudgeConfig,
  log: ServiceLog,
  shared?: Warehouse,
): RunningRole & { registry: Registry } {
  const registry = new Registry();
  const { warehouse, release } = roleWarehouse(shared, () =>
    createWarehouse(warehouseConfigFromEnv(config), { logger: log }),
  );
  const stopLoop = startJudgeLoop(warehouse, config, {
    registry,
    onPass: (results) => {
      for (const r of results.filter((r) => r.scored + r.errors > 0 || r.budgetSpent))
        log[r.errors > 0 ? "warn" : "info"](
          { tenant: r.tenantId, scored: r.scored, errors: r.errors, budget_spent: r.budgetSpent },
          "judge pass",
        );
    },
    onError: (tenantId) => log.error({ tenant: tenantId }, "judge pass failed"),
  });
  log.info(
    { model: config.JUDGE_MODEL, sample_rate: config.JUDGE_SAMPLE_RATE, daily_budget: config.JUDGE_DAILY_BUDGET },
    "judge started",
  );
  return {
    registry,
    async stop() {
      await stopLoop();
      await release();
    },
  };
}
