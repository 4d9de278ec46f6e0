import { LABEL_COUNT_COLUMNS, type LabelRowCount } from "../outcomes/label-row-counts";
import type { Dimension, MetricsQuery } from "../queries/query-input";
import type { RowKeys } from "./row-keys";

/** What every Phase 2 read returns per row: its keys, the label row counts, the session counts. */
export type LabelCountRow = Record<string, unknown> &
  Record<LabelRowCount | "sessions_final" | "sessions_resolved", number | string>;

/** The label columns a Phase 2 read of label rows needs: the times, what the counts read, the row's dimensions. */
export function labelReadColumns(query: MetricsQuery, keys: RowKeys) {
  return [
    ...new Set([
      "occurred_at",
      "occurred_at_ms",
      ...LABEL_COUNT_COLUMNS,
      ...keys.groupBy,
      ...(Object.keys(query.filters) as Dimension[]),
    ] as const),
  ];
}
