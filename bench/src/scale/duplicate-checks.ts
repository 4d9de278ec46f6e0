import { loadIngestConfig } from "@answerscope/ingest";
import {
  factBatchSize,
  prepareFacts,
  type FactBatch,
  type PreparedFacts,
  type Warehouse,
} from "@answerscope/warehouse";
import { demoMessages, distinctFactRows, factBatchesOf, withRandomIds } from "../demo-fact-batches";
import { timeRepeated, type Timing } from "../stats";
import { lookupReads, type LookupReads } from "./lookup-reads";

export interface DuplicateCheckTiming extends Timing {
  tenantId: string;
  /** Rows of each checked write: the worker's default batch size (INGEST_BATCH_MAX_ROWS). */
  rowsPerWrite: number;
  /** Of the last write checked, the distinct events, and the rows the checks left to insert: the same, as every event is new. */
  distinctRows: number;
  rowsToInsert: number;
  /**
   * What each table's lookups read per statement (system.query_log, the warm-up included): they
   * read the ids of every granule of the tenant, so these grow with it. Absent from results
   * measured before the bench read them.
   */
  reads?: LookupReads[];
}

/** Rows of each checked write: the worker's default batch size (INGEST_BATCH_MAX_ROWS). */
const WRITE_ROWS = loadIngestConfig({}).INGEST_BATCH_MAX_ROWS;

/** `count` writes of new demo events of `tenantId`, the worker's batch size each, their ids made random like real producers'. */
export function newEventWrites(tenantId: string, count: number): FactBatch[] {
  const messages = demoMessages({ events: (count + 1) * WRITE_ROWS, seed: 61, tenants: [tenantId] });
  return factBatchesOf(messages, WRITE_ROWS)
    .slice(0, count)
    .map((batch) => withRandomIds(batch, ["response_id", "tool_call_id", "target_id"]));
}

/**
 * Ingest on a large warehouse: the duplicate checks a worker runs before each write (prepareFacts:
 * the "already stored?" lookups of responses, tool calls and feedback) for writes of new events of
 * `tenantId`, timed on the loaded data set. Nothing is inserted, so the data set stays as loaded and
 * every run checks a different write of the same size.
 */
export async function measureDuplicateChecks(
  w: Warehouse,
  tenantId: string,
  runs: number,
): Promise<DuplicateCheckTiming> {
  const writes = newEventWrites(tenantId, runs + 1);
  let next = 0;
  const sinceMs = Date.now();
  let last: { write: FactBatch; prepared: PreparedFacts } | undefined;
  // Only the checks inside the clock: the counts below are the bench's, not the worker's.
  const timing = await timeRepeated(runs, async () => {
    const write = writes[next++ % writes.length]!;
    last = { write, prepared: await prepareFacts(w, write) };
  });
  return {
    tenantId,
    rowsPerWrite: WRITE_ROWS,
    distinctRows: distinctFactRows([last!.write]),
    rowsToInsert: factBatchSize(last!.prepared),
    ...timing,
    reads: await lookupReads(w, sinceMs),
  };
}
