import { addOutcome, runPipeline } from "@answerscope/ingest";
import { emptyFactBatch, writeFacts, type FactBatch, type Warehouse } from "@answerscope/warehouse";

/**
 * Raw events turned into fact batches exactly as the ingest worker turns them (the same
 * pipeline, in arrival order, `batchSize` events per batch), each event received 1 ms after the
 * one before it from `receivedAtMs` on. Returns the batches and the arrival time a later call
 * continues from.
 */
export function sinkBatches(
  events: readonly object[],
  batchSize: number,
  receivedAtMs: number,
): { batches: FactBatch[]; nextReceivedAtMs: number } {
  const batches: FactBatch[] = [];
  for (let start = 0; start < events.length; start += batchSize) {
    const batch: FactBatch = emptyFactBatch();
    events.slice(start, start + batchSize).forEach((event, index) => {
      const source = `test/${start + index}`;
      addOutcome(batch, runPipeline(JSON.stringify(event), { source, dedupKey: source, receivedAtMs: receivedAtMs++ }));
    });
    batches.push(batch);
  }
  return { batches, nextReceivedAtMs: receivedAtMs };
}

/**
 * Feeds raw events to the warehouse exactly as the ingest worker does (the same
 * pipeline and sink, in arrival order, in batches), so re-deliveries, corrected
 * response versions and the materialized views behave as in production. Returns the arrival time
 * a later call continues from.
 */
export async function loadThroughSink(
  warehouse: Warehouse,
  events: readonly object[],
  batchSize = 250,
  {
    onBatch = () => {},
    receivedAtMs = Date.now(),
  }: { onBatch?: (batch: FactBatch) => void | Promise<void>; receivedAtMs?: number } = {},
): Promise<number> {
  const { batches, nextReceivedAtMs } = sinkBatches(events, batchSize, receivedAtMs);
  for (const batch of batches) {
    await onBatch(batch);
    await writeFacts(warehouse, batch);
  }
  // Where a later call goes on, so arrival order (which decides e.g. a feedback id's first event) spans both.
  return nextReceivedAtMs;
}
