import { z } from "zod";
import { createLogger, errorClass, errorFrames, parseEnv, positiveInt as int } from "@answerscope/runtime";
import {
  createWarehouse,
  DEFAULT_CHUNK_SIZE,
  DEFAULT_OUTCOME_INTERVAL_MS,
  DEFAULT_SETTLE_MS,
  describeChunkProgress,
  roleWarehouse,
  startOutcomeEvaluator,
  WarehouseEnvSchema,
  warehouseConfigFromEnv,
  type RunningRole,
  type Warehouse,
} from "@answerscope/warehouse";

/** Settings of the outcome evaluator, from the environment like every process. */
export const OutcomeEnvSchema = WarehouseEnvSchema.extend({
  /** Pause between runs. */
  OUTCOME_INTERVAL_MS: int(DEFAULT_OUTCOME_INTERVAL_MS),
  /** How long after its ingested_at stamp a fact row is surely visible (see evaluate-outcomes.ts). */
  OUTCOME_SETTLE_MS: z.coerce.number().int().min(0).default(DEFAULT_SETTLE_MS),
  OUTCOME_CHUNK_SIZE: int(DEFAULT_CHUNK_SIZE),
});
export type OutcomeConfig = z.output<typeof OutcomeEnvSchema>;

export function loadOutcomeConfig(env: NodeJS.ProcessEnv = process.env): OutcomeConfig {
  return parseEnv(OutcomeEnvSchema, env, "outcome evaluator");
}

/**
 * Starts the outcome evaluator's loop (the `evaluator` role), on `shared` when given (answerscope
 * serve), else on its own warehouse; stop waits for the run in flight.
 */
export function startOutcomeService(config: OutcomeConfig, shared?: Warehouse): RunningRole {
  const logger = createLogger("evaluator");
  const { warehouse, release } = roleWarehouse(shared, () =>
    createWarehouse(warehouseConfigFromEnv(config), { logger }),
  );
  const stopLoop = startOutcomeEvaluator(warehouse, {
    intervalMs: config.OUTCOME_INTERVAL_MS,
    settleMs: config.OUTCOME_SETTLE_MS,
    chunkSize: config.OUTCOME_CHUNK_SIZE,
    // A run of one chunk says enough in its summary; a first pass over millions goes chunk by chunk.
    onChunk: (p) => {
      if (p.split) logger.warn(`outcomes: ${describeChunkProgress(p)}`);
      else if (p.candidates > p.chunkSize) logger.info(`outcomes: ${describeChunkProgress(p)}`);
    },
    // The error's class only: a warehouse error's message can quote the SQL and its values.
    onError: (error) =>
      logger.error({ error_class: errorClass(error), stack: errorFrames(error) }, "outcome evaluator run failed"),
    onRun: (run) =>
      logger.info(
        `outcomes: ${run.tenants} tenant(s), ${run.candidates} response(s) evaluated, ${run.written} label(s) written in ${run.durationMs} ms` +
          run.perTenant
            .map(
              (t) =>
                `\n  ${t.tenantId}: ${t.candidates} evaluated, ${t.written} written, watermark ${new Date(t.watermarkMs).toISOString()}`,
            )
            .join(""),
      ),
  });
  logger.info(`outcome evaluator started: every ${config.OUTCOME_INTERVAL_MS} ms`);
  return {
    async stop() {
      await stopLoop();
      await release();
    },
  };
}
