import { z } from "zod";
import { createWarehouse, WarehouseEnvSchema, warehouseConfigFromEnv } from "../client";
import { DEFAULT_CHUNK_SIZE, DEFAULT_SETTLE_MS } from "./evaluate-outcomes";
import { describeChunkProgress } from "./chunk-progress";
import { startOutcomeEvaluator } from "./runner";

const int = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Settings of the outcome evaluator process, from the environment like every process. */
const OutcomeEnvSchema = WarehouseEnvSchema.extend({
  /** Pause between runs. */
  OUTCOME_INTERVAL_MS: int(5000),
  /** How long after its ingested_at stamp a fact row is surely visible (see evaluate-outcomes.ts). */
  OUTCOME_SETTLE_MS: z.coerce.number().int().min(0).default(DEFAULT_SETTLE_MS),
  OUTCOME_CHUNK_SIZE: int(DEFAULT_CHUNK_SIZE),
});

const parsed = OutcomeEnvSchema.safeParse(process.env);
if (!parsed.success) {
  console.error(`invalid outcome evaluator configuration: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  process.exit(1);
}
const env = parsed.data;
const warehouse = createWarehouse(warehouseConfigFromEnv(env));

const stop = startOutcomeEvaluator(warehouse, {
  intervalMs: env.OUTCOME_INTERVAL_MS,
  settleMs: env.OUTCOME_SETTLE_MS,
  chunkSize: env.OUTCOME_CHUNK_SIZE,
  // A run of one chunk says enough in its summary; a first pass over millions goes chunk by chunk.
  onChunk: (p) => {
    if (p.split) console.warn(`outcomes: ${describeChunkProgress(p)}`);
    else if (p.candidates > p.chunkSize) console.log(`outcomes: ${describeChunkProgress(p)}`);
  },
  onRun: (run) =>
    console.log(
      `outcomes: ${run.tenants} tenant(s), ${run.candidates} response(s) evaluated, ${run.written} label(s) written in ${run.durationMs} ms` +
        run.perTenant.map((t) => `\n  ${t.tenantId}: ${t.candidates} evaluated, ${t.written} written, watermark ${new Date(t.watermarkMs).toISOString()}`).join(""),
    ),
});
console.log(`outcome evaluator started: every ${env.OUTCOME_INTERVAL_MS} ms`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    await stop();
    await warehouse.close();
    process.exit(0);
  });
}
