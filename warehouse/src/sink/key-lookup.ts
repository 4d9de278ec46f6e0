import { queryRows, type Warehouse } from "../client";
import { sqlValue } from "../sql/escape";

/**
 * Keys per lookup statement. A whole write's keys go in one statement where they fit
 * (one round trip instead of one per few hundred keys); the statement is larger than
 * ClickHouse's default max_query_size (256 KiB), so each lookup raises it to its own size.
 */
const KEYS_PER_STATEMENT = 10_000;

/**
 * Rows of `select` (a SELECT ... FROM ... whose PREWHERE and WHERE clauses this appends) whose
 * `columns` might be one of `keys`: every row whose value of each column is among
 * the keys' values of that column, a superset that callers match to whole keys.
 * One set of plain strings per column, not a set of tuples: ClickHouse 18.16 parses
 * and evaluates a list of thousands of tuples several times slower (measured 3-6x on
 * 3,000 tool-call keys), and the sink's "already stored?" reads run for every write.
 * Each set is an array literal in a subquery, not an IN list: 18.16 parses a list of
 * 1,645 ids in 14-19 ms and the same ids as an array in 5-6 ms (most of a lookup's
 * time), and the subquery's set narrows the primary-key range alike (same rows read,
 * measured). When `columns` is a prefix of the table's ORDER BY, the read is still a
 * primary-key read.
 *
 * The last column (the entity id, the most selective) is a PREWHERE and the others a WHERE:
 * new ids are random, so a write's few thousand of them touch nearly every granule of a
 * large tenant, in every part; PREWHERE reads only the id column there and the other columns
 * only where an id matched, which for a batch of new events is nowhere. 18.16 does not move
 * a primary-key column's condition to PREWHERE by itself. On a tenant of 1.5 M responses and
 * 4.5 M tool-call events, a 5,000-row write's lookups went from 398 MB and 642 MB read to 46
 * MB and 137 MB (the same rows returned; the primary-key range is the same, as the tenant
 * condition still narrows it).
 */
export async function rowsMatchingKeys<T>(
  warehouse: Warehouse,
  select: string,
  columns: readonly string[],
  keys: readonly (readonly string[])[],
): Promise<T[]> {
  const found: T[] = [];
  for (const query of keyLookupStatements(select, columns, keys)) {
    found.push(
      ...(await queryRows<T>(warehouse, query, {
        clickhouse_settings: { max_query_size: String(Buffer.byteLength(query) + 4096) },
      })),
    );
  }
  return found;
}

/** The statements of rowsMatchingKeys: one per KEYS_PER_STATEMENT keys, the last column's set a PREWHERE. */
export function keyLookupStatements(
  select: string,
  columns: readonly string[],
  keys: readonly (readonly string[])[],
): string[] {
  const statements: string[] = [];
  for (let start = 0; start < keys.length; start += KEYS_PER_STATEMENT) {
    const chunk = keys.slice(start, start + KEYS_PER_STATEMENT);
    const conditions = columns.map((column, index) => {
      const values = [...new Set(chunk.map((key) => key[index]!))];
      return `${column} IN (SELECT arrayJoin([${values.map((value) => sqlValue(value)).join(", ")}]))`;
    });
    const idCondition = conditions.pop()!;
    statements.push(
      `${select} PREWHERE ${idCondition}${conditions.length > 0 ? ` WHERE ${conditions.join(" AND ")}` : ""}`,
    );
  }
  return statements;
}
