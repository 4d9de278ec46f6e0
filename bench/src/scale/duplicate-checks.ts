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

export interface DuplicateCheckTiming extends Timing {
  tenantId: string;
  /** Rows of each checked write: the worker's default batch size (INGEST_BATCH_MAX_ROWS). */
  rowsPerWrite: number;
  /** Of the last write checked, the distinct events, and the rows the checks left to insert: the same, as every event is new. */
  distinctRows: number;
  rowsToInsert: number;
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
  const writeRows = loadIngestConfig({}).INGEST_BATCH_MAX_ROWS;
  const messages = demoMessages({ events: (runs + 2) * writeRows, seed: 61, tenants: [tenantId] });
  const writes = factBatchesOf(messages, writeRows)
    .slice(0, runs + 1)
    .map((batch) => withRandomIds(batch, ["response_id", "tool_call_id", "target_id"]));
  let next = 0;
  let last: { write: FactBatch; prepared: PreparedFacts } | undefined;
  // Only the checks inside the clock: the counts below are the bench's, not the worker's.
  const timing = await timeRepeated(runs, async () => {
    const write = writes[next++ % writes.length]!;
    last = { write, prepared: await prepareFacts(w, write) };
  });
  return {
    tenantId,
    rowsPerWrite: writeRows,
    distinctRows: distinctFactRows([last!.write]),
    rowsToInsert: factBatchSize(last!.prepared),
    ...timing,
  };
}
