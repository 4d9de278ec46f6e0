import { addOutcome, FactBuffer, loadIngestConfig, messageCoordinates, runPipeline } from "@answerscope/ingest";
import type { Batch } from "kafkajs";
import {
  emptyFactBatch,
  FACT_KINDS,
  factBatchSize,
  insertPrepared,
  prepareFacts,
  type FactBatch,
  type PreparedFacts,
  type Warehouse,
} from "@answerscope/warehouse";
import type { ServicePids } from "./cpu-accounting";
import { storedFactRows } from "./fact-counts";
import { consumeAsWorker, type ConsumerRun } from "./worker-like-consumer";

export interface FloorRun extends ConsumerRun {
  storedRows: number;
}

/**
 * Fact rows handed out in their order, as many per write as that write's batch holds; the last
 * write takes what is left (a repeated event makes a pipeline row that is stored once). The
 * rows are either those a worker stores (rowsAsStored) or the pipeline's, before any check.
 */
export class RowsInOrder {
  private readonly rows: { kind: keyof FactBatch; row: object }[];
  private next = 0;

  constructor(batches: readonly FactBatch[]) {
    this.rows = batches.flatMap((batch) =>
      FACT_KINDS.flatMap((kind) => (batch[kind] as object[]).map((row) => ({ kind, row }))),
    );
  }

  take(count: number, last: boolean): FactBatch {
    const end = last ? this.rows.length : Math.min(this.rows.length, this.next + count);
    const batch = emptyFactBatch();
    for (const { kind, row } of this.rows.slice(this.next, end)) (batch[kind] as object[]).push(row);
    this.next = end;
    return batch;
  }
}

/**
 * What the floor does with each message: `contract` runs the contract's pipeline (the worker's
 * work), `json` only parses the message (what any consumer of JSON events must do), its value
 * held in the place of the row it would become.
 */
export type FloorWork = "contract" | "json";

/**
 * The floors measured: what each does per message, and whether its writes run the worker's
 * "already stored?" checks (prepareFacts, each batch's during the insert before it) on the
 * pipeline's rows before inserting what they leave, or insert the rows a worker stores as they are.
 * `json_checked` is what any worker that keeps "the same event_id counts once" must do here,
 * whatever its contract costs: ClickHouse 18.16 has no insert deduplication that a materialized
 * view honours, so the check before the insert is the only way to keep the views exact.
 * `contract_checked` does both, the contract and the checks: a worker without its bookkeeping
 * (write announcements, dead letters, metrics). `label`, `does` and `reaches` are how results.md
 * names each one: its table row, and the sentence before its share of min(source, plain sink).
 */
export const FLOORS = {
  contract: {
    work: "contract",
    checks: false,
    label: "floor",
    does: "consumer running the contract's pipeline, plain inserts of the rows the worker stores; no checks",
    reaches:
      "**Floor:** a consumer with the worker's settings that runs the contract's pipeline on every message and, through the worker's buffer, inserts the rows the worker stores, and does nothing else (no duplicate checks, write intents or dead-letter round trip), reaches",
  },
  json: {
    work: "json",
    checks: false,
    label: "JSON floor",
    does: "the floor, parsing each message's JSON instead of running the contract",
    reaches:
      "The same consumer parsing each message's JSON and nothing more (what any consumer of JSON events must do) reaches",
  },
  json_checked: {
    work: "json",
    checks: true,
    label: "checked JSON floor",
    does: "the JSON floor, running the worker's duplicate checks before each insert",
    reaches:
      'Parsing the JSON and running the worker\'s "already stored?" checks before each insert (what any worker must do here to count an `event_id` once, however cheap its contract: ClickHouse 18.16 has no insert deduplication that materialized views honour), it reaches',
  },
  contract_checked: {
    work: "contract",
    checks: true,
    label: "checked floor",
    does: "the floor, running the worker's duplicate checks before each insert",
    reaches: "Running the contract and the checks, and nothing else a worker does, it reaches",
  },
} as const satisfies Record<string, { work: FloorWork; checks: boolean; label: string; does: string; reaches: string }>;
export type FloorName = keyof typeof FLOORS;
/** The floors in the order they are measured and reported. */
export const FLOOR_NAMES = Object.keys(FLOORS) as FloorName[];

const rowsOf: Record<FloorWork, (batch: Batch) => FactBatch> = {
  contract: (batch) => {
    const facts = emptyFactBatch();
    const receivedAtMs = Date.now();
    for (const message of batch.messages) {
      const source = messageCoordinates(batch.topic, batch.partition, message.offset);
      addOutcome(facts, runPipeline(message.value ?? "", { source, dedupKey: source, receivedAtMs }));
    }
    return facts;
  },
  json: (batch) => {
    const facts = emptyFactBatch();
    for (const message of batch.messages)
      (facts.responses as unknown[]).push(JSON.parse(message.value?.toString("utf8") ?? "null"));
    return facts;
  },
};

/**
 * The floor of a worker: the least any worker that keeps the event contract and stores what the
 * views need must do, measured. A consumer with the worker's settings and commits
 * (worker-like-consumer.ts) runs the contract's pipeline on every message (size, UTF-8, JSON,
 * schema with its normalizing transforms, tenant, fact row: `runPipeline`, as the worker does)
 * and holds its rows in the worker's buffer (one write at a time in the worker's batch size, the
 * next batch filling meanwhile, at most two batches held); each write inserts as many of the
 * rows a worker stores (`RowsInOrder` of rowsAsStored: with the call marks and superseded versions the
 * views read, as the plain sink inserts them) with @clickhouse/client, and a batch is committed
 * once written. Nothing else: no duplicate checks, no write intents, no dead-letter round trip,
 * no metrics. No worker built on these parts (kafkajs, the contract, @clickhouse/client, this
 * ClickHouse and schema) ingests faster on these cores, so `floor / min(source, plain sink)` is
 * the best issue 6's ingest ratio could be, and one worker's share of the floor is what the
 * worker's own work (the checks, the bookkeeping) costs. With `work: "json"` it only parses each
 * message: the floor of the parts themselves, whatever the contract asked.
 */
export async function measureFloor(
  w: Warehouse,
  rows: { stored: readonly PreparedFacts[]; pipeline: readonly FactBatch[] },
  options: {
    brokers: string[];
    groupId: string;
    expected: number;
    warmup?: number;
    timeoutMs?: number;
    servicePids?: ServicePids;
    batchRows?: number;
    floor?: FloorName;
  },
): Promise<FloorRun> {
  const config = loadIngestConfig(options.batchRows ? { INGEST_BATCH_MAX_ROWS: String(options.batchRows) } : {});
  const { work, checks } = FLOORS[options.floor ?? "contract"];
  const rowsToWrite = new RowsInOrder(checks ? rows.pipeline : rows.stored);
  const makeRows = rowsOf[work];
  let messagesHeld = 0;
  const next = (batch: FactBatch) => rowsToWrite.take(factBatchSize(batch), messagesHeld === options.expected);
  const limits = {
    maxRows: config.INGEST_BATCH_MAX_ROWS,
    maxWaitMs: config.INGEST_BATCH_MAX_WAIT_MS,
    maxHeldRows: config.INGEST_BUFFER_MAX_ROWS,
    // A failed write fails the measurement, so no batch is checked twice (a check takes its rows).
    retry: { minDelayMs: 1, maxDelayMs: 1, maxAttempts: 1 },
  };
  const buffer = checks
    ? new FactBuffer<PreparedFacts>({
        ...limits,
        prepare: (batch, pending) => prepareFacts(w, next(batch), pending),
        write: async (_batch, prepared) => void (await insertPrepared(w, prepared)),
      })
    : new FactBuffer<PreparedFacts>({ ...limits, write: async (batch) => void (await insertPrepared(w, next(batch))) });
  const run = await consumeAsWorker({ ...options, clientId: "bench-floor" }, async (batch) => {
    await buffer.room();
    const facts = makeRows(batch);
    messagesHeld += batch.messages.length;
    return { durable: buffer.add(facts) };
  }).finally(() => buffer.abort());
  return { ...run, storedRows: await storedFactRows(w) };
}
