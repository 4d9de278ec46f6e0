import { PLANTED_SECRETS } from "@answerscope/contracts";
import { queryRows, sqlValue, type Warehouse } from "@answerscope/warehouse";

/** The shapes of the planted secrets found in `text` (none: nothing leaked). */
export function leakedShapes(text: string): string[] {
  return PLANTED_SECRETS.filter((planted) => text.includes(planted.secret)).map((planted) => planted.shape);
}

/** A column's text for a search: an array's items joined, anything else as its string. */
const searchable = (column: string, type: string) =>
  type.startsWith("Array(") ? `arrayStringConcat(${column}, '\\n')` : `toString(${column})`;

/**
 * Every column holding text (String, LowCardinality, Nullable, FixedString, arrays of them) of
 * every table of the warehouse's database, materialized views' own tables included, with the
 * planted secrets found in it. Aggregate states are not text and are left out.
 */
export async function warehouseLeaks(warehouse: Warehouse): Promise<{ table: string; column: string; rows: number }[]> {
  const database = warehouse.target.database;
  const columns = await queryRows<{ table: string; name: string; type: string }>(
    warehouse,
    `SELECT c.table AS table, c.name AS name, c.type AS type FROM system.columns AS c
     WHERE c.database = ${sqlValue(database)} AND position(c.type, 'String') > 0 AND position(c.type, 'AggregateFunction') = 0
       AND c.table IN (SELECT name FROM system.tables WHERE database = ${sqlValue(database)} AND engine NOT IN ('View', 'MaterializedView'))`,
  );
  if (columns.length === 0) throw new Error(`no text columns found in ${database}: the scan would prove nothing`);
  const leaks: { table: string; column: string; rows: number }[] = [];
  for (const { table, name, type } of columns) {
    const text = searchable(`\`${name}\``, type);
    const found = PLANTED_SECRETS.map((planted) => `position(${text}, ${sqlValue(planted.secret)}) > 0`).join(" OR ");
    const rows = await queryRows<{ n: number }>(
      warehouse,
      `SELECT count() AS n FROM ${database}.\`${table}\` WHERE ${found}`,
    );
    if (Number(rows[0]?.n ?? 0) > 0) leaks.push({ table, column: name, rows: Number(rows[0]!.n) });
  }
  return leaks;
}
