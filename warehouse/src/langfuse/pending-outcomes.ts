import { queryRows, type Warehouse } from "../client";
import { currentResponsesSql } from "../facts/current-responses";
import { sqlSubquery, tenantCondition } from "../facts/sql-fragments";
import { currentLabelsSql } from "../outcomes/current-labels";
import { sqlValue } from "../sql/escape";
import { joinUsing } from "../sql/join";
import type { LabelledResponse } from "./outcome-scores";

/** Where a page of pending outcomes ends: the next page starts after it. */
export interface PageKey {
  evaluatedAtMs: number;
  responseId: string;
}

export interface PendingOutcomesOptions {
  tenantId: string;
  /** Label rows evaluated after this (the write-back's mark)... */
  afterMs: number;
  /** ...and up to this (the evaluator's last finished run: rows of a run in flight wait for the next pass). */
  upToMs: number;
  after?: PageKey;
  limit: number;
}

const LABEL_COLUMNS = [
  "response_id", "label", "label_reason", "explicit_rating", "followup_response_id", "followup_is_reask", "window_closed",
  "tool_calls_completed", "tool_calls_failed", "tool_calls_unfinished", "occurred_at_ms", "evaluated_at_ms",
] as const;

/**
 * One page (by evaluated_at_ms, response_id) of the tenant's responses whose current label row was
 * written in (afterMs, upToMs], with a verdict (not `pending`) and a trace id, joined with the
 * current response version's trace_id and time_cost_ms. The responses are found by a scan of the
 * tenant's label rows' versions (two key columns and evaluated_at_ms); their current rows are
 * then read by id, so a response re-labelled after upToMs waits for the pass that covers it.
 */
export async function pendingOutcomes(w: Warehouse, options: PendingOutcomesOptions): Promise<LabelledResponse[]> {
  const { tenantId } = options;
  const changed = sqlSubquery(
    `SELECT DISTINCT response_id FROM ${w.table("response_labels")}
     WHERE ${tenantCondition(tenantId)} AND evaluated_at_ms > ${sqlValue(Math.trunc(options.afterMs))} AND evaluated_at_ms <= ${sqlValue(Math.trunc(options.upToMs))}`,
  );
  const page = options.after
    ? `AND (evaluated_at_ms > ${sqlValue(Math.trunc(options.after.evaluatedAtMs))} OR (evaluated_at_ms = ${sqlValue(Math.trunc(options.after.evaluatedAtMs))} AND response_id > ${sqlValue(options.after.responseId)}))`
    : "";
  const labels = `SELECT ${LABEL_COLUMNS.join(", ")} FROM (${currentLabelsSql(w, { tenantId, responseIds: changed })})
    WHERE evaluated_at_ms > ${sqlValue(Math.trunc(options.afterMs))} AND evaluated_at_ms <= ${sqlValue(Math.trunc(options.upToMs))}
      AND label != 'pending' ${page}`;
  const responses = `SELECT response_id, trace_id, time_cost_ms FROM (${currentResponsesSql(w, { tenantId, responseIds: changed })})`;
  return queryRows<LabelledResponse>(
    w,
    `SELECT ${LABEL_COLUMNS.join(", ")}, trace_id, time_cost_ms
     FROM ${joinUsing(labels, "ANY INNER", responses, ["response_id"])}
     WHERE trace_id != ''
     ORDER BY evaluated_at_ms, response_id
     LIMIT ${sqlValue(Math.trunc(options.limit))}`,
  );
}
