import type { Warehouse } from "../client";
import { sqlValue } from "../sql/escape";

/**
 * Keys per lookup statement. A whole write's keys go in one statement where they fit
 * (one round trip instead of one per few hundred keys); the statement is larger than
 * ClickHouse's default max_query_size (256 KiB), so each lookup raises it to its own size.
 */
const KEYS_PER_STATEMENT = 10_000;

/**
 * Rows of `select` (a SELECT ... FROM ... whose WHERE clause this appends) whose
 * `columns` tuple is one of `keys`: the sink's "already stored?" reads, which are
 * primary-key reads when `columns` is a prefix of the table's ORDER BY.
 */
export async function rowsWithKeys<T>(warehouse: Warehouse, select: string, columns: readonly string[], keys: readonly (readonly string[])[]): Promise<T[]> {
  const found: T[] = [];
  for (let start = 0; start < keys.length; start += KEYS_PER_STATEMENT) {
    const tuples = keys.slice(start, start + KEYS_PER_STATEMENT).map((key) => `(${key.map((value) => sqlValue(value)).join(", ")})`);
    const query = `${select} WHERE (${columns.join(", ")}) IN (${tuples.join(", ")})`;
    const result = await warehouse.client.query({
      query,
      format: "JSONEachRow",
      clickhouse_settings: { max_query_size: String(Buffer.byteLength(query) + 4096) },
    });
    found.push(...(await result.json<T>()));
  }
  return found;
}
