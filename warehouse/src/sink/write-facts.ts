import type { Warehouse } from "../client";
import { queryRows } from "../client";
import { sqlValue } from "../sql/escape";
import { FACT_KINDS, FACT_TABLES, type FactBatch, type FactKind } from "./fact-tables";
import type { ResponseRow } from "./rows";
import { responsesToInsert } from "./write-responses";

/** Keys per lookup query: keeps each statement far below ClickHouse's max_query_size. */
const LOOKUP_CHUNK = 400;

type KeyedRow = Record<string, unknown>;

const keyOf = (row: KeyedRow, columns: readonly string[]) => columns.map((column) => String(row[column])).join("\u0000");

async function storedKeys(warehouse: Warehouse, kind: FactKind, rows: KeyedRow[]): Promise<Set<string>> {
  const { table, key } = FACT_TABLES[kind];
  const stored = new Set<string>();
  for (let start = 0; start < rows.length; start += LOOKUP_CHUNK) {
    const tuples = rows
      .slice(start, start + LOOKUP_CHUNK)
      .map((row) => `(${key.map((column) => sqlValue(String(row[column]))).join(", ")})`);
    const found = await queryRows<KeyedRow>(
      warehouse,
      `SELECT ${key.join(", ")} FROM ${warehouse.table(table)} WHERE (${key.join(", ")}) IN (${tuples.join(", ")})`,
    );
    for (const row of found) stored.add(keyOf(row, key));
  }
  return stored;
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
 */
export async function writeFacts(warehouse: Warehouse, batch: FactBatch): Promise<Record<FactKind, number>> {
  const written = { responses: 0, toolCalls: 0, feedback: 0, rejected: 0, externalLabels: 0 };
  for (const kind of FACT_KINDS) {
    const { table, key } = FACT_TABLES[kind];
    const seen = new Set<string>();
    const unique = (batch[kind] as KeyedRow[]).filter((row) => {
      const k = keyOf(row, key);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    if (unique.length === 0) continue;
    const fresh =
      kind === "responses"
        ? await responsesToInsert(warehouse, unique as ResponseRow[])
        : await storedKeys(warehouse, kind, unique).then((stored) => unique.filter((row) => !stored.has(keyOf(row, key))));
    if (fresh.length === 0) continue;
    await warehouse.client.insert({ table: warehouse.table(table), values: fresh, format: "JSONEachRow" });
    written[kind] = fresh.length;
  }
  return written;
}
