import { queryRows, type Warehouse } from "@answerscope/warehouse";

/** Rows stored in the four fact tables: what "counted in ClickHouse" means for every ingest figure. */
export async function storedFactRows(w: Warehouse): Promise<number> {
  const tables = ["responses", "tool_call_events", "feedback_events", "rejected_events"];
  const sum = tables.map((table) => `(SELECT count() FROM ${w.table(table)})`).join(" + ");
  return Number((await queryRows<{ n: number }>(w, `SELECT ${sum} AS n`))[0]?.n ?? 0);
}
