import {
  evaluatedLabelsSql, FIRST_OF_SESSION_COUNTS, LABEL_ROW_COUNT_NAMES, labelRowCountSql, sqlSubquery, sqlValue, type Warehouse,
} from "@answerscope/warehouse";

/**
 * The Phase 2 and tool figures of the metrics route computed from the raw fact tables alone:
 * every response of the range labelled on the spot by the evaluator's own rules
 * (evaluatedLabelsSql: follow-ups over the sessions, current ratings, reduced tool calls), then
 * grouped by session for one-turn resolution, as a dashboard request would have to without the
 * stored labels and the outcome rollup. `maxOccurredAtMs` closes observation windows.
 */
export function rawPhase2Sql(w: Warehouse, q: { tenantId: string; fromMs: number; toMs: number; bucket: "hour" | "day"; maxOccurredAtMs: number }): string {
  const bucketFn = q.bucket === "hour" ? "toStartOfHour" : "toStartOfDay";
  const inRange = `occurred_at_ms >= ${sqlValue(q.fromMs)} AND occurred_at_ms < ${sqlValue(q.toMs)}`;
  const responseIds = sqlSubquery(`SELECT response_id FROM ${w.table("responses")} WHERE tenant_id = ${sqlValue(q.tenantId)} AND ${inRange}`);
  const labels = evaluatedLabelsSql(w, { tenantId: q.tenantId, responseIds, maxOccurredAtMs: q.maxOccurredAtMs });
  const first = (name: keyof typeof FIRST_OF_SESSION_COUNTS) => labelRowCountSql(name);
  return `SELECT model, bucket_start, ${LABEL_ROW_COUNT_NAMES.map((name) => `sum(n_${name}) AS ${name}`).join(", ")},
      countIf(first.1 = 1) AS sessions_final, countIf(first.2 = 1) AS sessions_resolved
    FROM (
      SELECT model, ${bucketFn}(occurred_at) AS bucket_start, session_id,
        ${LABEL_ROW_COUNT_NAMES.map((name) => `sum(${labelRowCountSql(name)}) AS n_${name}`).join(", ")},
        argMin((${first("final")}, ${first("resolved")}), (occurred_at_ms, response_id)) AS first
      FROM (${labels})
      WHERE ${inRange}
      GROUP BY model, bucket_start, session_id
    )
    GROUP BY model, bucket_start
    ORDER BY bucket_start, model`;
}
