import type { Warehouse } from "../client";
import { insertRows } from "../insert-rows";
import { rowsMatchingKeys } from "./key-lookup";
import { RowKeySet, withoutRepeats } from "./without-repeats";
import { emptyFactBatch, FACT_KINDS, FACT_TABLES, type FactBatch, type FactKind } from "./fact-tables";
import { foreignTerminalRejection } from "./foreign-tool-calls";
import { rejectedRow, type RejectedRow, type ResponseRow, type ToolCallRow } from "./rows";
import { responsesToInsert } from "./write-responses";
import { toolCallsToInsert } from "./write-tool-calls";

type KeyedRow = Record<string, unknown>;

/**
 * A batch checked against what is stored: per table, the rows to insert (events already stored
 * or repeated in the batch dropped, call marks and superseded versions filled in).
 */
export type PreparedFacts = FactBatch;

async function storedKeys(
  warehouse: Warehouse,
  kind: FactKind,
  rows: KeyedRow[],
  pending: readonly KeyedRow[],
): Promise<RowKeySet<KeyedRow>> {
  const { table, key, lookupColumns } = FACT_TABLES[kind];
  const filter = key.slice(0, lookupColumns);
  const found = await rowsMatchingKeys<KeyedRow>(
    warehouse,
    `SELECT ${key.join(", ")} FROM ${warehouse.table(table)}`,
    filter,
    rows.map((row) => filter.map((column) => String(row[column]))),
  );
  const stored = new RowKeySet<KeyedRow>(key);
  for (const source of [found, pending]) for (const row of source) stored.add(row);
  return stored;
}

/**
 * Checks one batch against what is stored, for insertPrepared. `pending` is what a write that
 * has not returned yet will store (the previous batch, prepared and being inserted): the check
 * takes it as stored, whether the lookup already sees it or not, so the next batch's marks and
 * superseded versions follow from it as they would after it. Valid only if that write then stores
 * exactly `pending`; a caller whose earlier write failed must prepare again without it.
 */
export async function prepareFacts(
  warehouse: Warehouse,
  batch: FactBatch,
  pending: PreparedFacts = emptyFactBatch(),
): Promise<PreparedFacts> {
  const prepared = emptyFactBatch();
  const foreign: ToolCallRow[] = [];
  await Promise.all(
    FACT_KINDS.map(
      async (kind) =>
        void ((prepared[kind] as KeyedRow[]) = await prepareKind(
          warehouse,
          kind,
          batch[kind] as KeyedRow[],
          pending[kind] as KeyedRow[],
          foreign,
        )),
    ),
  );
  // Rare, so checked after the rest: a re-delivered foreign event is rejected once.
  if (foreign.length > 0) {
    const rejections = foreign.map((row) => rejectedRow(foreignTerminalRejection(row)));
    prepared.rejected.push(
      ...((await prepareKind(
        warehouse,
        "rejected",
        rejections,
        [...pending.rejected, ...prepared.rejected],
        foreign,
      )) as RejectedRow[]),
    );
  }
  return prepared;
}

/** Inserts what prepareFacts returned, the tables side by side, once `beforeInserts` resolved; returns the rows per table. */
export async function insertPrepared(
  warehouse: Warehouse,
  prepared: PreparedFacts,
  beforeInserts: Promise<unknown> = Promise.resolve(),
): Promise<Record<FactKind, number>> {
  await beforeInserts;
  const written = Object.fromEntries(FACT_KINDS.map((kind) => [kind, 0])) as Record<FactKind, number>;
  await Promise.all(
    FACT_KINDS.map(
      async (kind) => void (written[kind] = await insertKind(warehouse, kind, prepared[kind] as KeyedRow[])),
    ),
  );
  return written;
}

/**
 * Writes one batch of rows, skipping rows whose event is already stored (a
 * re-delivery after a crash, a retried HTTP batch) or repeated within the batch.
 *
 * The pre-insert lookup is what keeps materialized views exact: a view sees every
 * inserted block, so a duplicate that reached a fact table would be counted there
 * twice even though reads of the fact table itself deduplicate. Safe because one
 * partition (hence one event_id) is written by one worker at a time, and the
 * collector serializes its writes. Retrying a partly written batch is safe too.
 *
 * The tables are independent, so their checks, then their inserts, run side by side; a retry
 * after one of them failed skips what the others stored. The ingest service writes in the
 * same two steps (prepareFacts, insertPrepared), announcing the write meanwhile.
 */
export async function writeFacts(warehouse: Warehouse, batch: FactBatch): Promise<Record<FactKind, number>> {
  return insertPrepared(warehouse, await prepareFacts(warehouse, batch));
}

/**
 * One table's part of prepareFacts: the rows not stored yet (nor repeated within the batch, nor in
 * `pending`). Tool-call events that may not change their call are moved to `foreign`.
 */
async function prepareKind(
  warehouse: Warehouse,
  kind: FactKind,
  rows: KeyedRow[],
  pending: KeyedRow[],
  foreign: ToolCallRow[],
): Promise<KeyedRow[]> {
  const { key } = FACT_TABLES[kind];
  const unique = withoutRepeats(rows, key);
  if (unique.length === 0) return [];
  return kind === "responses"
    ? await responsesToInsert(warehouse, unique as ResponseRow[], pending as ResponseRow[])
    : kind === "toolCalls"
      ? await toolCallsToInsert(warehouse, unique as ToolCallRow[], pending as ToolCallRow[]).then(
          (checked) => (foreign.push(...checked.foreign), checked.rows),
        )
      : await storedKeys(warehouse, kind, unique, pending).then((stored) => unique.filter((row) => !stored.has(row)));
}

async function insertKind(warehouse: Warehouse, kind: FactKind, rows: KeyedRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  await insertRows(warehouse, FACT_TABLES[kind].table, rows);
  return rows.length;
}
