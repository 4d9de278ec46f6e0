import { generateDemoEvents, type DemoMessage } from "@answerscope/demo";
import { addOutcome, runPipeline } from "@answerscope/ingest";
import { emptyFactBatch, FACT_KINDS, FACT_TABLES, factBatchSize, type FactBatch } from "@answerscope/warehouse";

/** Realistic events of the three kinds, mixed as the demo generator mixes them; no malformed ones, so counts are exact. */
export function demoMessages(options: { events: number; seed: number; tenants: string[]; endMs?: number; windowMs?: number }): DemoMessage[] {
  const time = { mode: "backfill" as const, endMs: options.endMs ?? Date.now(), windowMs: options.windowMs ?? 3_600_000 };
  return [...generateDemoEvents({ events: options.events, seed: options.seed, tenants: options.tenants, malformedShare: 0, time })];
}

/**
 * The messages turned into fact rows by the ingest pipeline itself, cut into batches of
 * `batchRows` rows as the worker's buffer cuts them, so a sink measurement writes what
 * the worker would write.
 */
export function factBatchesOf(messages: readonly DemoMessage[], batchRows: number, receivedAtMs = Date.now()): FactBatch[] {
  const batches: FactBatch[] = [];
  let batch = emptyFactBatch();
  messages.forEach((message, index) => {
    const source = `bench/${index}`;
    addOutcome(batch, runPipeline(message.value, { source, dedupKey: source, receivedAtMs }));
    if (factBatchSize(batch) >= batchRows) {
      batches.push(batch);
      batch = emptyFactBatch();
    }
  });
  if (factBatchSize(batch) > 0) batches.push(batch);
  return batches;
}

/** The rows a sink stores of these batches: one per distinct key of each fact table (a repeated event is stored once). */
export function distinctFactRows(batches: readonly FactBatch[]): number {
  return FACT_KINDS.reduce((sum, kind) => {
    const key: readonly string[] = FACT_TABLES[kind].key;
    const keys = new Set(batches.flatMap((batch) => (batch[kind] as object[]).map((row) => key.map((column) => String((row as Record<string, unknown>)[column])).join("\u0000"))));
    return sum + keys.size;
  }, 0);
}
