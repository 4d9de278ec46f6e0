import { writeFacts, type FactBatch, type Warehouse } from "@answerscope/warehouse";
import { storedFactRows } from "./fact-counts";

export interface SinkRun {
  rate: number;
  storedRows: number;
}

/**
 * The sink limit: the worker's fact rows written with writeFacts (the worker's own sink:
 * duplicate check, superseded versions, then the inserts) one batch after another, in the
 * worker's batch size, into an empty migrated database. The pipeline ran before the clock.
 */
export async function measureSinkLimit(w: Warehouse, batches: readonly FactBatch[], events: number): Promise<SinkRun> {
  const started = performance.now();
  for (const batch of batches) await writeFacts(w, batch);
  const seconds = (performance.now() - started) / 1000;
  return { rate: events / seconds, storedRows: await storedFactRows(w) };
}
