import type { Warehouse } from "../client";
import { rowsMatchingKeys } from "./key-lookup";
import { FACT_KINDS, FACT_TABLES, type FactBatch, type FactKind } from "./fact-tables";
import type { ResponseRow, ToolCallRow } from "./rows";
import { responsesToInsert } from "./write-responses";
import { toolCallsToInsert } from "./write-tool-calls";

type KeyedRow = Record<string, unknown>;

const keyOf = (row: KeyedRow, columns: readonly string[]) => columns.map((column) => String(row[column])).join("\u0000");

async function storedKeys(warehouse: Warehouse, kind: FactKind, rows: KeyedRow[]): Promise<Set<string>> {
  const { table, key, lookupColumns } = FACT_TABLES[kind];
  const filter = key.slice(0, lookupColumns);
  const found = await rowsMatchingKeys<KeyedRow>(warehouse, `SELECT ${key.join(", ")} FROM ${warehouse.table(table)}`, filter, rows.map((row) => filter.map((column) => String(row[column]))));
  return new Set(found.map((row) => keyOf(row, key)));
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
 * `beforeInserts` (the write's announcement, warehouse/src/repairs/write-intents.ts) must resolve
 * before any INSERT starts; the duplicate checks run meanwhile, so announcing costs no round trip.
 */
export async function writeFacts(warehouse: Warehouse, batch: FactBatch, { beforeInserts = Promise.resolve() }: { beforeInserts?: Promise<unknown> } = {}): Promise<Record<FactKind, number>> {
  const written = { responses: 0, toolCalls: 0, feedback: 0, rejected: 0, externalLabels: 0 };
  // The tables are independent, so their checks and inserts run side by side; a
  // retry after one of them failed skips what the others stored.
  await Promise.all([
    beforeInserts,
    ...FACT_KINDS.map(async (kind) => {
      written[kind] = await writeKind(warehouse, kind, batch[kind] as KeyedRow[], beforeInserts);
    }),
  ]);
  return written;
}

/** One table's part of writeFacts: rows not stored yet (nor repeated within the batch), inserted; returns how many. */
async function writeKind(warehouse: Warehouse, kind: FactKind, rows: KeyedRow[], beforeInserts: Promise<unknown>): Promise<number> {
  const { table, key } = FACT_TABLES[kind];
  const seen = new Set<string>();
  const unique = rows.filter((row) => {
    const k = keyOf(row, key);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  if (unique.length === 0) return 0;
  const fresh =
    kind === "responses"
      ? await responsesToInsert(warehouse, unique as ResponseRow[])
      : kind === "toolCalls"
        ? await toolCallsToInsert(warehouse, unique as ToolCallRow[])
        : await storedKeys(warehouse, kind, unique).then((stored) => unique.filter((row) => !stored.has(keyOf(row, key))));
  if (fresh.length === 0) return 0;
  await beforeInserts;
  await warehouse.client.insert({ table: warehouse.table(table), values: fresh, format: "JSONEachRow" });
  return fresh.length;
}
