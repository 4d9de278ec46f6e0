import type { Warehouse } from "../client";
import { insertRows } from "../insert-rows";
import { RESPONSE_LABEL_COLUMNS } from "./current-labels";

/** Column of a changed-labels row: the time its response occurred at before (0: it did not move). */
export const MOVED_FROM_MS = "moved_from_ms";

type LabelRow = Record<string, unknown>;

const labelColumns = (row: LabelRow): LabelRow =>
  Object.fromEntries(RESPONSE_LABEL_COLUMNS.map((column) => [column, row[column]]));

/**
 * Writes changed label rows to response_labels (keyed by response) and to
 * response_labels_by_time (keyed by the response's time, migration 0006). When a response moved
 * to another time, its by-time row at the old time gets a newer `retracted` copy, so a range
 * read of the old time no longer counts it. The by-time table is written first: a crash in
 * between repeats the evaluation (the stored row in response_labels has not changed yet).
 */
export async function writeLabelRows(w: Warehouse, rows: readonly LabelRow[]): Promise<void> {
  if (rows.length === 0) return;
  const byTime: LabelRow[] = [];
  for (const row of rows) {
    byTime.push({ ...labelColumns(row), retracted: 0 });
    const movedFromMs = Number(row[MOVED_FROM_MS] ?? 0);
    if (movedFromMs > 0)
      byTime.push({
        ...labelColumns(row),
        occurred_at: Math.floor(movedFromMs / 1000),
        occurred_at_ms: movedFromMs,
        retracted: 1,
      });
  }
  await insertRows(w, "response_labels_by_time", byTime);
  await insertRows(w, "response_labels", rows.map(labelColumns));
}
