import { TARGET_TYPES } from "@answerscope/contracts";
import { z } from "zod";
import { queryRows, type Warehouse } from "../client";
import { currentFeedbackSql } from "../facts/current-feedback";
import { feedbackConflictsSql, feedbackRetriesSql } from "../facts/feedback-actions";
import { whereAll } from "../facts/sql-fragments";
import { sqlValue } from "../sql/escape";
import { hasFilters, matchingResponsesSql } from "./matching-responses";
import { FiltersSchema } from "./query-input";
import { orderedRange, rangeShape } from "./query-range";

export const VERIFICATIONS = ["verified", "unverified", "forbidden"] as const;

export const FeedbackTargetsQuerySchema = z
  .object({
    ...rangeShape,
    /**
     * Response-dimension filters: with any, only feedback on responses (chat_message, citation)
     * whose current version matches counts; step and report ratings have no response and drop out.
     */
    filters: FiltersSchema.default({}),
  })
  .refine(...orderedRange);
export type FeedbackTargetsQueryInput = z.input<typeof FeedbackTargetsQuerySchema>;

export const FeedbackTargetRowSchema = z.object({
  target_type: z.enum(TARGET_TYPES),
  rating: z.enum(["up", "down"]),
  verification: z.enum(VERIFICATIONS),
  count: z.number().int(),
});
export const FeedbackTargetsResultSchema = z.object({
  rows: z.array(FeedbackTargetRowSchema).describe("current ratings whose latest action is in range; a cleared rating is no rating"),
  revisions: z.number().int().describe("accepted actions in range that replaced an earlier action of the same user and target"),
  conflicts: z.number().int().describe("events in range rejected as feedback_conflict (same client_feedback_id, other content)"),
  retries: z.number().int().describe("events in range that repeated an action (same client_feedback_id and content)"),
});
export type FeedbackTargetsResult = z.output<typeof FeedbackTargetsResultSchema>;
export type FeedbackTargetRow = z.output<typeof FeedbackTargetRowSchema>;

/**
 * GET /api/v1/feedback/targets. "Current" is decided over all data; the range selects by time of
 * the deciding action (a rating counts when its latest action is in range), revisions, conflicts
 * and retries by their own time.
 */
export async function queryFeedbackTargets(warehouse: Warehouse, input: FeedbackTargetsQueryInput): Promise<FeedbackTargetsResult> {
  const query = FeedbackTargetsQuerySchema.parse(input);
  const { tenantId, from, to } = query;
  const onMatchingResponses = hasFilters(query.filters)
    ? [
        "target_type IN ('chat_message', 'citation')",
        `target_id IN (SELECT response_id FROM (${matchingResponsesSql(warehouse, { tenantId, filters: query.filters })}))`,
      ]
    : [];
  const inRange = (column: string) => `${column} >= ${sqlValue(from)} AND ${column} < ${sqlValue(to)}`;
  const current = `SELECT * FROM (${currentFeedbackSql(warehouse, { tenantId })}) ${whereAll(onMatchingResponses)}`;
  const [rows, revisions, conflicts, retries] = await Promise.all([
    queryRows<{ target_type: string; rating: string; verification: string; count: number }>(
      warehouse,
      `SELECT target_type, rating, verification, count() AS count FROM (${current})
       WHERE rating IN ('up', 'down') AND ${inRange("occurred_at_ms")}
       GROUP BY target_type, rating, verification`,
    ),
    queryRows<{ n: number }>(warehouse, `SELECT sum(arrayCount(t -> ${inRange("t")}, revision_times_ms)) AS n FROM (${current})`),
    queryRows<{ n: number }>(warehouse, `SELECT count() AS n FROM (${feedbackConflictsSql(warehouse, { tenantId, fromMs: from, toMs: to })}) ${whereAll(onMatchingResponses)}`),
    queryRows<{ n: number }>(warehouse, `SELECT count() AS n FROM (${feedbackRetriesSql(warehouse, { tenantId, fromMs: from, toMs: to })}) ${whereAll(onMatchingResponses)}`),
  ]);
  const rank = (list: readonly string[], value: string) => list.indexOf(value);
  return {
    rows: rows
      .map((row) => ({ ...(row as Omit<FeedbackTargetRow, "count">), count: Number(row.count) }))
      .sort(
        (a, b) =>
          rank(TARGET_TYPES, a.target_type) - rank(TARGET_TYPES, b.target_type) ||
          rank(["up", "down"], a.rating) - rank(["up", "down"], b.rating) ||
          rank(VERIFICATIONS, a.verification) - rank(VERIFICATIONS, b.verification),
      ),
    revisions: Number(revisions[0]?.n ?? 0),
    conflicts: Number(conflicts[0]?.n ?? 0),
    retries: Number(retries[0]?.n ?? 0),
  };
}
