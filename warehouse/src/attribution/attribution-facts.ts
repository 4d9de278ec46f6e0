import type { Warehouse } from "../client";
import { currentLabelsSql } from "../outcomes/current-labels";
import { matchingResponseIdsSql, matchingResponsesSql } from "../queries/matching-responses";
import type { SqlSubquery } from "../facts/sql-fragments";
import { GOOD_OR_BETTER_LABELS, type Filters } from "../queries/query-input";
import { sqlValue } from "../sql/escape";
import { joinUsing } from "../sql/join";

export interface AttributionScope {
  tenantId: string;
  /** Half-open range (ms) on the answer's current version. */
  from: number;
  to: number;
  filters: Filters;
}

/** The columns of attributionFactsSql that the attribution reads. */
const FACT_COLUMNS = "response_id, query_category, total_tokens, time_cost_ms, tools_used_names";
const LABEL_COLUMNS = "response_id, label, explicit_rating, followup_response_id, window_closed";

/**
 * Subquery: every answer in scope (current version, filtered as the metrics route filters) with
 * its current outcome label row. An answer the evaluator never labelled gets the columns'
 * defaults (label ''), which the conditions below read as pending. The one set of facts all four
 * attribution figures count, so they cannot disagree on which answers a slice holds.
 */
export function attributionFactsSql(w: Warehouse, scope: AttributionScope): string {
  const answers = `SELECT ${FACT_COLUMNS} FROM (${matchingResponsesSql(w, inScope(scope))})`;
  const labels = `SELECT ${LABEL_COLUMNS} FROM (${currentLabelsSql(w, {
    tenantId: scope.tenantId,
    responseIds: scopeIdsSql(w, scope),
  })})`;
  return `SELECT * FROM ${joinUsing(answers, "ANY LEFT", labels, ["response_id"])}`;
}

const inScope = (scope: AttributionScope) => ({
  tenantId: scope.tenantId,
  from: scope.from,
  to: scope.to,
  filters: scope.filters,
});

/** The ids of the answers attributionFactsSql holds: what a figure that reads no label narrows its facts to. */
export const scopeIdsSql = (w: Warehouse, scope: AttributionScope): SqlSubquery =>
  matchingResponseIdsSql(w, inScope(scope));

/** SQL conditions over a label column (docs/metrics.md "Attribution"): final, positive. */
export const isFinalSql = (column = "label"): string => `NOT has(${sqlValue(["", "pending"])}, ${column})`;
export const isPositiveSql = (column = "label"): string => `has(${sqlValue([...GOOD_OR_BETTER_LABELS])}, ${column})`;
/** Rated down, or labelled bad: an answer a recovery is measured after. */
export const isNegativeSql = (): string => `(label = ${sqlValue("bad")} OR explicit_rating = ${sqlValue("down")})`;
