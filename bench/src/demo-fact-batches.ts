import { createHash } from "node:crypto";
import { generateDemoEvents, type DemoMessage } from "@answerscope/demo";
import { addOutcome, runPipeline } from "@answerscope/ingest";
import { emptyFactBatch, FACT_KINDS, FACT_TABLES, factBatchSize, type FactBatch } from "@answerscope/warehouse";

/** Realistic events of the three kinds, mixed as the demo generator mixes them; no malformed ones, so counts are exact. */
export function demoMessages(options: {
  events: number;
  seed: number;
  tenants: string[];
  endMs?: number;
  windowMs?: number;
}): DemoMessage[] {
  const time = {
    mode: "backfill" as const,
    endMs: options.endMs ?? Date.now(),
    windowMs: options.windowMs ?? 3_600_000,
  };
  return [
    ...generateDemoEvents({
      events: options.events,
      seed: options.seed,
      tenants: options.tenants,
      malformedShare: 0,
      time,
    }),
  ];
}

/**
 * The messages turned into fact rows by the ingest pipeline itself, cut into batches of
 * `batchRows` rows as the worker's buffer cuts them, so a sink measurement writes what
 * the worker would write.
 */
export function factBatchesOf(
  messages: readonly DemoMessage[],
  batchRows: number,
  receivedAtMs = Date.now(),
): FactBatch[] {
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
    const keys = new Set(
      batches.flatMap((batch) =>
        (batch[kind] as object[]).map((row) =>
          key.map((column) => String((row as Record<string, unknown>)[column])).join("\u0000"),
        ),
      ),
    );
    return sum + keys.size;
  }, 0);
}

/**
 * Demo ids share prefixes ("resp_s12_t3") that sort together and apart from the data set's hex
 * ids, so a read by id touches a few granules where real producers' random ids touch many. Each
 * id of `columns` becomes a hex id like the data set's, the same one wherever it appears (a
 * feedback's target_id stays its response's id), so new events fall among the stored ones.
 */
export function withRandomIds(batch: FactBatch, columns: readonly string[]): FactBatch {
  const copy = { ...batch };
  for (const kind of FACT_KINDS) {
    (copy[kind] as object[]) = (batch[kind] as Record<string, unknown>[]).map((row) => {
      const out = { ...row };
      for (const column of columns) if (typeof out[column] === "string") out[column] = randomId(out[column]);
      return out;
    });
  }
  return copy;
}

// A hex hash after the prefix, so that the ids fall among the generated data set's ones in key
// order (a marker before the hash would sort them together, and a read by id would touch a few
// granules), then `_r`: the generated ids are a prefix and hex digits alone, and a reused data set
// is recognised by counting those (scale/loaded-data-set.ts).
const randomId = (id: string) =>
  id === "" ? id : `${id.split("_")[0]}_${createHash("sha1").update(id).digest("hex").slice(0, 16)}_r`;
