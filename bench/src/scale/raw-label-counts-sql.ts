import {
  evaluatedLabelsSql,
  labelCountsBySessionSql,
  sqlSubquery,
  sqlValue,
  type Warehouse,
} from "@answerscope/warehouse";

/**
 * The Phase 2 and tool figures of the metrics route computed from the raw fact tables alone:
 * every response of the range labelled on the spot by the evaluator's own rules
 * (evaluatedLabelsSql: follow-ups over the sessions, current ratings, reduced tool calls), then
 * the route's own grouping by session for one-turn resolution (labelCountsBySessionSql), as a
 * dashboard request would have to without the stored labels and the outcome rollup.
 * `maxOccurredAtMs` closes observation windows.
 */
export function rawLabelCountsSql(
  w: Warehouse,
  q: { tenantId: string; fromMs: number; toMs: number; bucket: "hour" | "day"; maxOccurredAtMs: number },
): string {
  const inRange = `occurred_at_ms >= ${sqlValue(q.fromMs)} AND occurred_at_ms < ${sqlValue(q.toMs)}`;
  const responseIds = sqlSubquery(
    `SELECT response_id FROM ${w.table("responses")} WHERE tenant_id = ${sqlValue(q.tenantId)} AND ${inRange}`,
  );
  const labels = `SELECT * FROM (${evaluatedLabelsSql(w, { tenantId: q.tenantId, responseIds, maxOccurredAtMs: q.maxOccurredAtMs })}) WHERE ${inRange}`;
  return labelCountsBySessionSql(labels, { filters: {} }, { groupBy: ["model"], bucket: q.bucket });
}
