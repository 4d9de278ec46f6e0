import { TARGET_TYPES } from "@answerscope/contracts";
import { CURRENT_RATINGS, isCurrentRating } from "@answerscope/contracts/vocabularies";
import { z } from "zod";
import { queryRows, type Warehouse } from "../client";
import { currentFeedbackSql } from "../facts/current-feedback";
import { feedbackActionsSql } from "../facts/feedback-actions";
import {
  inSubquery,
  msRange,
  sqlSubquery,
  tenantRangeConditions,
  whereAll,
  type SqlSubquery,
} from "../facts/sql-fragments";
import { feedbackShareInRange } from "./feedback-share-in-range";
import { hasFilters, matchingResponseIdsSql } from "./matching-responses";
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
  rating: z.enum(CURRENT_RATINGS),
  verification: z.enum(VERIFICATIONS),
  count: z.number().int(),
});
export const FeedbackTargetsResultSchema = z.object({
  rows: z
    .array(FeedbackTargetRowSchema)
    .describe("current ratings whose latest action is in range; a cleared rating is no rating"),
  revisions: z
    .number()
    .int()
    .describe("accepted actions in range that replaced an earlier action of the same user and target"),
  conflicts: z
    .number()
    .int()
    .describe("events in range rejected as feedback_conflict (same client_feedback_id, other content)"),
  retries: z.number().int().describe("events in range that repeated an action (same client_feedback_id and content)"),
});
export type FeedbackTargetsResult = z.output<typeof FeedbackTargetsResultSchema>;
export type FeedbackTargetRow = z.output<typeof FeedbackTargetRowSchema>;

/**
 * GET /api/v1/feedback/targets. "Current" is decided over all data; the range selects by time of
 * the deciding action (a rating counts when its latest action is in range), revisions, conflicts
 * and retries by their own time.
 */
export async function queryFeedbackTargets(
  warehouse: Warehouse,
  input: FeedbackTargetsQueryInput,
  /** narrowToRange: read only the targets rated in range (ratedInRangeSql) or not; by default as NARROW_BELOW_SHARE says. */
  options: { narrowToRange?: boolean } = {},
): Promise<FeedbackTargetsResult> {
  const query = FeedbackTargetsQuerySchema.parse(input);
  const { tenantId, from, to } = query;
  const onMatchingResponses = hasFilters(query.filters)
    ? [
        "target_type IN ('chat_message', 'citation')",
        inSubquery("target_id", matchingResponseIdsSql(warehouse, { tenantId, filters: query.filters })),
      ]
    : [];
  const inRange = (column: string) => msRange(column, from, to).join(" AND ");
  const targetIds =
    (options.narrowToRange ?? (await feedbackShareInRange(warehouse, tenantId, from, to)) < NARROW_BELOW_SHARE)
      ? ratedInRangeSql(warehouse, tenantId, from, to)
      : undefined;
  // Unnarrowed, only the keys whose latest action is in range are counted by verification, so only
  // the responses rated since `from` are read to verify them: the current versions of every rated
  // response took 1.5 s at 5 M responses, those rated in the last week 0.5 s.
  const current = `SELECT * FROM (${currentFeedbackSql(warehouse, { tenantId, targetIds, verifiedSinceMs: from })}) ${whereAll(onMatchingResponses)}`;
  // Two reads, not four: each computes the feedback rules once (seconds at 500,000 events), and
  // the counts of one read come out of one GROUP BY. Retries and conflicts only exist among the ids
  // with more than one event, so the second read computes the rule over those alone.
  const [keys, rejected] = await Promise.all([
    queryRows<{ target_type: string; rating: string; verification: string; count: number; revisions: number }>(
      warehouse,
      `SELECT target_type, rating, verification,
         countIf(${inRange("occurred_at_ms")}) AS count,
         sum(arrayCount(t -> ${inRange("t")}, revision_times_ms)) AS revisions
       FROM (${current})
       GROUP BY target_type, rating, verification`,
    ),
    queryRows<{ conflicts: number; retries: number }>(
      warehouse,
      `SELECT countIf(action = 'conflict') AS conflicts, countIf(action = 'retry') AS retries
       FROM (${feedbackActionsSql(warehouse, { tenantId, targetIds, repeatedIdsOnly: true })})
       ${whereAll(["action != 'accepted'", inRange("occurred_at_ms"), ...onMatchingResponses])}`,
    ),
  ]);
  const rank = (list: readonly string[], value: string) => list.indexOf(value);
  return {
    // A cleared rating is no rating, but its revisions count.
    rows: keys
      .filter((key) => isCurrentRating(key.rating) && Number(key.count) > 0)
      .map(
        ({ target_type, rating, verification, count }) =>
          ({ target_type, rating, verification, count: Number(count) }) as FeedbackTargetRow,
      )
      .sort(
        (a, b) =>
          rank(TARGET_TYPES, a.target_type) - rank(TARGET_TYPES, b.target_type) ||
          rank(CURRENT_RATINGS, a.rating) - rank(CURRENT_RATINGS, b.rating) ||
          rank(VERIFICATIONS, a.verification) - rank(VERIFICATIONS, b.verification),
      ),
    revisions: keys.reduce((sum, key) => sum + Number(key.revisions), 0),
    conflicts: Number(rejected[0]?.conflicts ?? 0),
    retries: Number(rejected[0]?.retries ?? 0),
  };
}

/**
 * Everything the route counts is an action in range: a key's latest action, a revision, a
 * conflict or a retry. So the targets with an event in range are all it needs to read
 * (feedbackActionsSql still reads every event of their client_feedback_ids, wherever it lies in
 * time, so the rule stays exact).
 */
function ratedInRangeSql(warehouse: Warehouse, tenantId: string, from: number, to: number): SqlSubquery {
  return sqlSubquery(
    `SELECT target_id FROM ${warehouse.table("feedback_events")} ${whereAll(tenantRangeConditions(tenantId, from, to))}`,
    { many: true },
  );
}

/**
 * The targets route narrows to the targets rated in range below this share of the tenant's
 * feedback events (feedbackShareInRange). Measured on bench_large (500,000 feedback events over 90
 * days), narrowed -> whole, p50 of 4: 7 d (8 %) 1.2 -> 2.7 s, 20 d (22 %) 1.9 -> 2.7 s, 30 d
 * (33 %) 3.3 -> 4.3 s, 45 d (50 %) 5.5 -> 4.7 s, 60 d (67 %) 6.7 -> 4.6 s.
 */
const NARROW_BELOW_SHARE = 0.4;
