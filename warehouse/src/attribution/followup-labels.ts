import type { Warehouse } from "../client";
import { sqlSubquery } from "../facts/sql-fragments";
import { currentLabelsSql, type RESPONSE_LABEL_COLUMNS } from "../outcomes/current-labels";
import { sqlValue } from "../sql/escape";
import { joinUsing } from "../sql/join";

type LabelColumn = (typeof RESPONSE_LABEL_COLUMNS)[number];

/**
 * For a FROM clause: `rows` (a subquery with `followup_response_id`, '' for none) joined with the
 * current label row of each follow-up, whatever its time, its `columns` named as given. A row
 * without a follow-up, or whose follow-up has no label yet, gets the columns' defaults ('' and 0),
 * which every reader takes as not final / window open. The label row's id is renamed one level
 * up: in one SELECT, `response_id AS followup_response_id` would shadow the label's own
 * `followup_response_id` column for any other expression that reads it.
 */
export function withFollowupLabelsSql(
  w: Warehouse,
  tenantId: string,
  rows: string,
  columns: Partial<Record<LabelColumn, string>>,
): string {
  const followupIds = sqlSubquery(
    `SELECT followup_response_id FROM (${rows}) WHERE followup_response_id != ${sqlValue("")}`,
    { many: true },
  );
  const renamed = Object.entries(columns).map(([column, name]) => `${column} AS ${name}`);
  const labels = `SELECT response_id AS label_response_id, ${renamed.join(", ")}
    FROM (${currentLabelsSql(w, { tenantId, responseIds: followupIds })})`;
  const followups = `SELECT label_response_id AS followup_response_id, ${Object.values(columns).join(", ")} FROM (${labels})`;
  return joinUsing(rows, "ANY LEFT", followups, ["followup_response_id"]);
}
