import { FACT_KINDS, FACT_TABLES, writeFacts, type FactBatch, type Warehouse } from "@answerscope/warehouse";
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
 * The worker's own sink as a limit: the fact rows written with writeFacts (duplicate
 * check, superseded versions, then the inserts) one batch after another, in the worker's
 * batch size, into an empty migrated database. The pipeline ran before the clock.
 */
export function measureSinkLimit(w: Warehouse, batches: readonly FactBatch[], events: number, servicePids?: ServicePids): Promise<SinkRun> {
  return timedWrites(w, batches, events, (batch) => writeFacts(w, batch), servicePids);
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
