import type { Warehouse } from "../client";
import { queryRows } from "../client";
import { assertIdentifier } from "../sql/ddl";
import { sqlValue } from "../sql/escape";

/** The shape cluster-ddl.ts renders for the Distributed table over `<name>_local`. */
const DISTRIBUTED_AS_LOCAL =
  /^(CREATE TABLE IF NOT EXISTS ([A-Za-z0-9_]+)\.[A-Za-z0-9_]+ ON CLUSTER [A-Za-z0-9_]+) AS [A-Za-z0-9_]+\.([A-Za-z0-9_]+) (ENGINE = Distributed\([^;]*\))$/s;

interface ColumnRow {
  name: string;
  type: string;
  default_kind: string;
  default_expression: string;
}

/**
 * Spells out the columns of a Distributed table instead of `AS <local table>`, from the local
 * table as it is now (after any ALTER), with each MATERIALIZED column as an ALIAS of the same
 * expression: a Distributed table with a MATERIALIZED column computes it and forwards it, and
 * the local table refuses an INSERT of its MATERIALIZED column (18.16, "Cannot insert column").
 * As an ALIAS it is not forwarded, the local table computes it, and reads return the same value.
 * Any other statement is returned unchanged.
 */
export async function withExplicitDistributedColumns(warehouse: Warehouse, statement: string): Promise<string> {
  const match = DISTRIBUTED_AS_LOCAL.exec(statement);
  if (!match) return statement;
  const [, create, database, localTable, engine] = match;
  const columns = await queryRows<ColumnRow>(
    warehouse,
    `SELECT name, type, default_kind, default_expression FROM system.columns WHERE database = ${sqlValue(database!)} AND table = ${sqlValue(localTable!)}`,
  );
  if (columns.length === 0)
    throw new Error(`${database}.${localTable} has no columns on this node; was it created ON CLUSTER?`);
  const definitions = columns.map(({ name, type, default_kind: kind, default_expression: expression }) => {
    const column = `${assertIdentifier("column", name)} ${type}`;
    if (!kind) return column;
    return `${column} ${kind === "MATERIALIZED" ? "ALIAS" : kind} ${expression}`;
  });
  return `${create} (${definitions.join(", ")}) ${engine}`;
}
