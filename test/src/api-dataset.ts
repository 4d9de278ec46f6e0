import { evaluateOutcomes, type Warehouse } from "@answerscope/warehouse";
import { generateEdgeCaseDataset, type EdgeCaseDataset } from "../reference";
import { loadThroughSink } from "./load-through-sink";
import { createTestWarehouse } from "./warehouse";

/**
 * A fresh database holding the reference edge-case data set, loaded through the real pipeline and
 * sink, with outcome labels evaluated: what the query API reads in production.
 * `REF_SEED=<n>` reruns on another seed, as for the reference's own tests.
 */
export async function loadApiDataset(
  prefix: string,
  seed = Number(process.env.REF_SEED ?? 42),
): Promise<{ warehouse: Warehouse; dataset: EdgeCaseDataset; nextReceivedAtMs: number }> {
  const dataset = generateEdgeCaseDataset(seed);
  const { warehouse } = await createTestWarehouse(prefix);
  const nextReceivedAtMs = await loadThroughSink(warehouse, dataset.events);
  // The sink stamps arrivals from the wall clock onwards; evaluate as of later so every row has settled.
  await evaluateOutcomes(warehouse, { settleMs: 0, now: Date.now() + 3_600_000 });
  return { warehouse, dataset, nextReceivedAtMs };
}
