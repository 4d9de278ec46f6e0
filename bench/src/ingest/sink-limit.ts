import { emptyFactBatch, FACT_KINDS, FACT_TABLES, factBatchSize, insertPrepared, prepareFacts, type FactBatch, type PreparedFacts, type Warehouse } from "@answerscope/warehouse";
import { cpuAccount, cpuSnapshot, machineCores, withThisProcess, type CpuAccount, type ServicePids } from "./cpu-accounting";
import { storedFactRows } from "./fact-counts";

export interface SinkRun {
  rate: number;
  storedRows: number;
  /** This process (the inserting client), ClickHouse and the broker over the writes; absent without service pids. */
  cpu?: CpuAccount;
}

async function timedWrites(w: Warehouse, batches: readonly FactBatch[], events: number, write: (batch: FactBatch) => Promise<unknown>, servicePids?: ServicePids): Promise<SinkRun> {
  const pids = servicePids && withThisProcess(servicePids);
  const before = pids && (await cpuSnapshot(pids));
  const started = performance.now();
  for (const batch of batches) await write(batch);
  const seconds = (performance.now() - started) / 1000;
  const cpu = pids && before ? cpuAccount(before, await cpuSnapshot(pids), events, seconds, machineCores()) : undefined;
  return { rate: events / seconds, storedRows: await storedFactRows(w), cpu };
}

/**
 * The worker's own sink as a limit: the fact rows checked (duplicates, call marks, superseded
 * versions) and inserted one batch after another, in the worker's batch size, into an empty
 * migrated database, each batch checked while the one before it is inserted, as the worker's
 * buffer does (prepareFacts with the pending write). The pipeline ran before the clock.
 */
export function measureSinkLimit(w: Warehouse, batches: readonly FactBatch[], events: number, servicePids?: ServicePids): Promise<SinkRun> {
  let inserting: { prepared: PreparedFacts; done: Promise<unknown> } | undefined;
  return timedWrites(
    w,
    [...batches, emptyFactBatch()],
    events,
    async (batch) => {
      const prepared = await prepareFacts(w, batch, inserting?.prepared);
      await inserting?.done;
      const done = insertPrepared(w, prepared);
      // Awaited by the next batch; a failure then fails the measurement.
      done.catch(() => undefined);
      inserting = { prepared, done };
      // The last (empty) batch only waits for the insert before it.
      if (factBatchSize(batch) === 0) await inserting.done;
    },
    servicePids,
  );
}

/**
 * The sink limit as issue 6 defines it: the same rows inserted straight into the same
 * tables with @clickhouse/client, no lookups, in the same batches. A batch's tables are
 * inserted side by side, as writeFacts does, so this is the fastest plain insert of
 * those batches, not a slower sequential one.
 */
export function measurePlainInsertLimit(w: Warehouse, batches: readonly FactBatch[], events: number, servicePids?: ServicePids): Promise<SinkRun> {
  return timedWrites(
    w,
    batches,
    events,
    (batch) =>
      Promise.all(
        FACT_KINDS.filter((kind) => batch[kind].length > 0).map((kind) =>
          w.client.insert({ table: w.table(FACT_TABLES[kind].table), values: batch[kind] as object[], format: "JSONEachRow" }),
        ),
      ),
    servicePids,
  );
}
