import { FactBuffer } from "@answerscope/ingest";
import {
  factBatchSize,
  insertPrepared,
  prepareFacts,
  writeFacts,
  type FactBatch,
  type PreparedFacts,
  type Warehouse,
} from "@answerscope/warehouse";
import {
  cpuAccount,
  cpuSnapshot,
  machineCores,
  withThisProcess,
  type CpuAccount,
  type ServicePids,
} from "./cpu-accounting";
import { storedFactRows } from "./fact-counts";

export interface SinkRun {
  rate: number;
  storedRows: number;
  /** This process (the inserting client), ClickHouse and the broker over the writes; absent without service pids. */
  cpu?: CpuAccount;
}

async function timedWrites(
  w: Warehouse,
  events: number,
  writeAll: () => Promise<unknown>,
  servicePids?: ServicePids,
): Promise<SinkRun> {
  const pids = servicePids && withThisProcess(servicePids);
  const before = pids && (await cpuSnapshot(pids));
  const started = performance.now();
  await writeAll();
  const seconds = (performance.now() - started) / 1000;
  const cpu = pids && before ? cpuAccount(before, await cpuSnapshot(pids), events, seconds, machineCores()) : undefined;
  return { rate: events / seconds, storedRows: await storedFactRows(w), cpu };
}

/**
 * The worker's own sink as a limit: the fact rows checked (duplicates, call marks, superseded
 * versions) and inserted by the worker's own buffer and write steps (FactBuffer, prepareFacts,
 * insertPrepared), so each batch is checked while the one before it is inserted; one batch per
 * write, in the worker's batch size, into an empty migrated database. The pipeline ran before
 * the clock, and so do the `warmup` batches' writes (the rows a worker stores before its window).
 */
export async function measureSinkLimit(
  w: Warehouse,
  batches: readonly FactBatch[],
  events: number,
  servicePids?: ServicePids,
  warmup: readonly FactBatch[] = [],
): Promise<SinkRun> {
  for (const batch of warmup) await writeFacts(w, batch);
  const buffer = new FactBuffer<PreparedFacts>({
    prepare: (batch, pending) => prepareFacts(w, batch, pending),
    write: async (_batch, prepared) => void (await insertPrepared(w, prepared)),
    // Every batch but the last is full, so each closes as it is added and is one write.
    maxRows: Math.max(...batches.map(factBatchSize)),
    maxWaitMs: 60_000,
    // A failed write fails the measurement.
    retry: { minDelayMs: 1, maxDelayMs: 1, maxAttempts: 1 },
  });
  return timedWrites(
    w,
    events,
    () => Promise.all([...batches.map((batch) => buffer.add(batch)), buffer.flush()]),
    servicePids,
  );
}

/**
 * The rows a worker stores of these batches, as `measurePlainInsertLimit` inserts them: each batch
 * checked against what the ones before it stored (repeated events dropped, every tool-call row
 * marked with the change it makes to its call's state, a superseding response row carrying the
 * version it replaces) and stored into `scratch`, in order. The marks and replaced versions are
 * columns the materialized views read, so inserting the pipeline's unchecked rows instead would
 * give ClickHouse less work than the worker's inserts give it, and overstate the limit.
 */
export async function rowsAsStored(scratch: Warehouse, batches: readonly FactBatch[]): Promise<PreparedFacts[]> {
  const stored: PreparedFacts[] = [];
  for (const batch of batches) {
    const prepared = await prepareFacts(scratch, batch);
    await insertPrepared(scratch, prepared);
    stored.push(prepared);
  }
  return stored;
}

/**
 * The sink limit as issue 6 defines it: the same rows (`rowsAsStored`) inserted straight into the
 * same tables with @clickhouse/client, no lookups, in the same batches. A batch's tables are
 * inserted side by side, as the worker's writes are, so this is the fastest plain insert of
 * those batches, not a slower sequential one. The `warmup` rows are inserted before the clock.
 */
export async function measurePlainInsertLimit(
  w: Warehouse,
  stored: readonly PreparedFacts[],
  events: number,
  servicePids?: ServicePids,
  warmup: readonly PreparedFacts[] = [],
): Promise<SinkRun> {
  for (const batch of warmup) await insertPrepared(w, batch);
  return timedWrites(
    w,
    events,
    async () => {
      // insertPrepared without prepareFacts: the rows as the checks left them, no lookups.
      for (const batch of stored) await insertPrepared(w, batch);
    },
    servicePids,
  );
}
