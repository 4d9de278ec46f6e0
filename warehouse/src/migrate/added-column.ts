import type { Warehouse } from "../client";
import { queryRows } from "../client";
import { sqlValue } from "../sql/escape";

/** One `ADD COLUMN` per ALTER, as the migrations write them (a rendered statement: `db.table`, maybe `ON CLUSTER c`). */
const ADD_COLUMN =
  /^ALTER\s+TABLE\s+([A-Za-z0-9_]+)\.([A-Za-z0-9_]+)\s+(?:ON\s+CLUSTER\s+[A-Za-z0-9_]+\s+)?ADD\s+COLUMN\s+(?!IF\s)([A-Za-z0-9_]+)\s[^,]*$/is;

/** The table and column an `ALTER TABLE ... ADD COLUMN` statement adds, or undefined for any other statement. */
export function addedColumnOf(statement: string): { database: string; table: string; column: string } | undefined {
  const match = ADD_COLUMN.exec(statement.trim());
  return match ? { database: match[1]!, table: match[2]!, column: match[3]! } : undefined;
}

/**
 * True when the statement adds a column the table already has. ClickHouse 18.16 has no
 * `ADD COLUMN IF NOT EXISTS`, so the runner asks instead: a migration interrupted after its ALTER
 * then re-runs without failing on "column already exists". On a cluster the ALTER runs ON CLUSTER,
 * so the local table of the node the runner talks to answers for all of them.
 */
export async function addsExistingColumn(warehouse: Warehouse, statement: string): Promise<boolean> {
  const added = addedColumnOf(statement);
  if (!added) return false;
  const rows = await queryRows<{ n: number }>(
    warehouse,
    `SELECT count() AS n FROM system.columns WHERE database = ${sqlValue(added.database)} AND table = ${sqlValue(added.table)} AND name = ${sqlValue(added.column)}`,
  );
  return Number(rows[0]?.n ?? 0) > 0;
}
