import {
  FINAL_LABELS,
  GOOD_OR_BETTER_LABELS,
  queryRows,
  sqlValue,
  type OutcomeLabel,
  type Warehouse,
} from "@answerscope/warehouse";
import { spanOf, type TimeWindow } from "../windows";
import { inWindowMs, inWindowTime, perWindow, windowValues } from "./window-sql";

/** Outcome-label counts of one slice per window (docs/metrics.md's good_answer_rate and reask_rate). */
export interface OutcomeFigures {
  tenant: string;
  model: string;
  channel: string;
  final: number[];
  goodOrBetter: number[];
  windowClosed: number[];
  reasks: number[];
}

const inLabels = (labels: readonly OutcomeLabel[]) => `latest_label IN (${labels.map(sqlValue).join(", ")})`;

/**
 * Reads the outcome evaluator's current labels (response_labels: latest evaluation wins) of the
 * responses that occurred in the span. Latest-per-response is taken with argMax rather than
 * FINAL so that only the span's rows are merged.
 *
 * The table has no time key (see sql/migrations/0003), so this read scans the occurred_at
 * column of the table; the README lists it as the exporter's one read that grows with history.
 */
export async function readOutcomeFigures(
  warehouse: Warehouse,
  windows: readonly TimeWindow[],
): Promise<OutcomeFigures[]> {
  const span = spanOf(windows);
  const inOccurredAt = (window: TimeWindow) => inWindowMs("at_ms", window);
  // Aliases differ from the column names: ClickHouse would otherwise read the alias inside its own aggregate.
  const latest = (column: string) => `argMax(${column}, evaluated_at_ms) AS latest_${column}`;
  const sql = `SELECT tenant_id, latest_model AS model, latest_channel AS channel,
      ${[
        ...perWindow(windows, "final", (c) => `countIf(${inLabels(FINAL_LABELS)} AND ${c})`, inOccurredAt),
        ...perWindow(windows, "good", (c) => `countIf(${inLabels(GOOD_OR_BETTER_LABELS)} AND ${c})`, inOccurredAt),
        ...perWindow(windows, "closed", (c) => `countIf(latest_window_closed = 1 AND ${c})`, inOccurredAt),
        ...perWindow(
          windows,
          "reasks",
          (c) => `countIf(latest_window_closed = 1 AND latest_followup_is_reask = 1 AND ${c})`,
          inOccurredAt,
        ),
      ].join(",\n      ")}
    FROM (
      SELECT tenant_id, response_id, ${["model", "channel", "label", "window_closed", "followup_is_reask"].map(latest).join(", ")},
        argMax(occurred_at_ms, evaluated_at_ms) AS at_ms
      FROM ${warehouse.table("response_labels")}
      WHERE ${inWindowTime("occurred_at", span)}
      GROUP BY tenant_id, response_id
    )
    GROUP BY tenant_id, latest_model, latest_channel`;
  const rows = await queryRows<Record<string, unknown>>(warehouse, sql);
  return rows.map((row) => ({
    tenant: String(row.tenant_id),
    model: String(row.model),
    channel: String(row.channel),
    final: windowValues(row, "final", windows),
    goodOrBetter: windowValues(row, "good", windows),
    windowClosed: windowValues(row, "closed", windows),
    reasks: windowValues(row, "reasks", windows),
  }));
}
