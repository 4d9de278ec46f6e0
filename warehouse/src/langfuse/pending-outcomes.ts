import { queryRows, type Warehouse } from "../client";
import { currentResponsesSql } from "../facts/current-responses";
import { tenantCondition } from "../facts/sql-fragments";
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
  "response_id",
  "label",
  "label_reason",
  "explicit_rating",
  "followup_response_id",
  "followup_is_reask",
  "window_closed",
  "tool_calls_completed",
  "tool_calls_failed",
  "tool_calls_unfinished",
  "occurred_at_ms",
  "evaluated_at_ms",
] as const;

/** One page of pending outcomes, and where the next starts (undefined: this was the last). */
export interface PendingPage {
  rows: LabelledResponse[];
  next?: PageKey;
}

/**
 * One page of the tenant's responses whose label was written in (afterMs, upToMs], each with a
 * verdict (not `pending`) and a trace id, joined with the current response version's trace_id and
 * time_cost_ms. The page is cut first from the label rows' versions alone (key columns and
 * evaluated_at_ms, after the page key, `limit` of them by (evaluated_at_ms, response_id)); only
 * those responses' current rows are then read by id. So a page costs its own rows whatever the
 * backlog behind it. A response sent on the page of its current row: an older version of it on an
 * earlier page is passed over there, and one re-labelled after upToMs waits for the pass that
 * covers it. The next page starts after the last version read, even when the page sent fewer rows.
 */
export async function pendingOutcomes(w: Warehouse, options: PendingOutcomesOptions): Promise<PendingPage> {
  const { tenantId } = options;
  const after = options.after
    ? `AND (evaluated_at_ms > ${sqlValue(Math.trunc(options.after.evaluatedAtMs))} OR (evaluated_at_ms = ${sqlValue(Math.trunc(options.after.evaluatedAtMs))} AND response_id > ${sqlValue(options.after.responseId)}))`
    : "";
  const versions = await queryRows<{ response_id: string; evaluated_at_ms: number }>(
    w,
    `SELECT response_id, evaluated_at_ms FROM ${w.table("response_labels")}
     WHERE ${tenantCondition(tenantId)} AND evaluated_at_ms > ${sqlValue(Math.trunc(options.afterMs))} AND evaluated_at_ms <= ${sqlValue(Math.trunc(options.upToMs))} ${after}
     ORDER BY evaluated_at_ms, response_id
     LIMIT ${sqlValue(Math.trunc(options.limit))}`,
  );
  if (versions.length === 0) return { rows: [] };
  const last = versions[versions.length - 1]!;
  const next =
    versions.length < options.limit
      ? undefined
      : { evaluatedAtMs: Number(last.evaluated_at_ms), responseId: last.response_id };
  const ids = [...new Set(versions.map((v) => v.response_id))];
  const pageVersions = versions
    .map((v) => `(${sqlValue(v.response_id)}, ${sqlValue(Number(v.evaluated_at_ms))})`)
    .join(", ");
  const labels = `SELECT ${LABEL_COLUMNS.join(", ")} FROM (${currentLabelsSql(w, { tenantId, responseIds: ids })})
    WHERE (response_id, evaluated_at_ms) IN (${pageVersions}) AND label != 'pending'`;
  const responses = `SELECT response_id, trace_id, time_cost_ms FROM (${currentResponsesSql(w, { tenantId, responseIds: ids })})`;
  const rows = await queryRows<LabelledResponse>(
    w,
    `SELECT ${LABEL_COLUMNS.join(", ")}, trace_id, time_cost_ms
     FROM ${joinUsing(labels, "ANY INNER", responses, ["response_id"])}
     WHERE trace_id != ''
     ORDER BY evaluated_at_ms, response_id`,
  );
  return { rows, next };
}
