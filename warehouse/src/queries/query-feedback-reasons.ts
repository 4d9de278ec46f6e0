import { z } from "zod";
import { queryRows, type Warehouse } from "../client";
import { ownersResponseRatingsSql } from "../facts/current-feedback";
import { inIdSet, sqlSubquery, tenantCondition, tenantRangeConditions, whereAll } from "../facts/sql-fragments";
import { sqlValue } from "../sql/escape";
import { joinUsing } from "../sql/join";
import { matchingResponsesSql } from "./matching-responses";
import { feedbackShareInRange } from "./feedback-share-in-range";
import { FiltersSchema } from "./query-input";
import { orderedRange, rangeShape } from "./query-range";

/** Separator of a tool chain's label: the order the response used its tools in. */
export const TOOL_CHAIN_SEPARATOR = " → ";

export const FeedbackReasonsQuerySchema = z
  .object({
    ...rangeShape,
    filters: FiltersSchema.default({}),
    /** How many tool chains to list (the most common). */
    chains: z.number().int().min(1).max(100).default(10),
  })
  .refine(...orderedRange);
export type FeedbackReasonsQueryInput = z.input<typeof FeedbackReasonsQuerySchema>;

export const FeedbackReasonsResultSchema = z.object({
  down_rated: z
    .number()
    .int()
    .describe("responses in range whose explicit rating is down (the thumbs_down_rate numerator)"),
  reasons: z
    .array(
      z.object({
        reason_code: z.string().nullable().describe("null: rated down without a reason"),
        count: z.number().int(),
      }),
    )
    .describe("per reason_code, most frequent first"),
  tool_chains: z
    .array(
      z.object({
        chain: z.string().describe(`tools_used_names joined with "${TOOL_CHAIN_SEPARATOR}"; empty: no tool`),
        tools: z.array(z.string()),
        count: z.number().int(),
      }),
    )
    .describe("the most common tool chains among down-rated responses"),
});
export type FeedbackReasonsResult = z.output<typeof FeedbackReasonsResultSchema>;

/**
 * GET /api/v1/feedback/reasons. The range and filters select responses (as in the metrics route), so the
 * reason counts add up to the down ratings behind thumbs_down_rate: only the owner's current verified
 * chat_message rating counts.
 */
export async function queryFeedbackReasons(
  warehouse: Warehouse,
  input: FeedbackReasonsQueryInput,
  /** narrowToRange: read the ratings of the responses of the range rated down only, or every rating; by default as NARROW_BELOW_SHARE says. */
  options: { narrowToRange?: boolean } = {},
): Promise<FeedbackReasonsResult> {
  const query = FeedbackReasonsQuerySchema.parse(input);
  const { tenantId } = query;
  // Both sides read only the responses ever rated down: a current rating is down only if some
  // action of it is, and their ids come from one scan of the feedback's three columns. Read whole,
  // a 90-day range's responses (5 M) were sorted to find their current versions, which with the
  // ratings overran the 2 GB a query may use; narrowing by the range's ids instead builds a set of
  // every response of the range. Measured at 5 M responses and 500,000 feedback events: 7 days
  // 5.8-7.7 s, 472 MB; 90 days 8.0-8.3 s, 647 MB (ratings whole: 1 GB; before: 16 s, 90 days failed).
  // The range's matching responses are current versions, so joining the owners' ratings to them
  // on (response_id, user_id) is the ratings' verification: one read of the responses, not two.
  const everRatedDown = sqlSubquery(
    `SELECT target_id FROM ${warehouse.table("feedback_events")} WHERE ${tenantCondition(tenantId)} AND target_type = 'chat_message' AND rating = 'down'`,
    { many: true },
  );
  // The ratings side reads only those with a version in the range, a superset of the responses it
  // joins (their current versions are in the range). The ratings of every response ever rated down
  // (150,000 at 10 M responses) were 1.3 s of a 7-day read's 2.1 s; narrowed to the range's 12,000
  // and with each set built once (inSubquery), the whole read takes 0.5 s.
  const ratedDownInRange = sqlSubquery(
    `SELECT response_id FROM ${warehouse.table("responses")} ${whereAll([...tenantRangeConditions(tenantId, query.from, query.to), inIdSet("response_id", everRatedDown)])}`,
    { many: true },
  );
  const narrow =
    options.narrowToRange ??
    (await feedbackShareInRange(warehouse, tenantId, query.from, query.to)) < NARROW_BELOW_SHARE;
  const downRated = `SELECT response_id, tools_used_names, reason_code
    FROM ${joinUsing(
      `SELECT response_id, user_id, tools_used_names FROM (${matchingResponsesSql(warehouse, { tenantId, from: query.from, to: query.to, filters: query.filters, responseIds: everRatedDown })})`,
      "ALL INNER",
      `SELECT response_id, user_id, reason_code FROM (${ownersResponseRatingsSql(warehouse, { tenantId, responseIds: narrow ? ratedDownInRange : undefined })}) WHERE rating = 'down'`,
      ["response_id", "user_id"],
    )}`;
  // One read for both lists: the down ratings grouped by reason and chain together, summed each way here.
  const groups = await queryRows<{ reason_code: string; chain: string; tools: string[]; count: number }>(
    warehouse,
    `SELECT reason_code, arrayStringConcat(tools_used_names, ${sqlValue(TOOL_CHAIN_SEPARATOR)}) AS chain, any(tools_used_names) AS tools, count() AS count
     FROM (${downRated}) GROUP BY reason_code, chain`,
  );
  const reasons = countsBy(groups, (group) => group.reason_code);
  const chains = countsBy(groups, (group) => group.chain);
  return {
    down_rated: groups.reduce((sum, group) => sum + Number(group.count), 0),
    reasons: reasons.map(({ key, count }) => ({ reason_code: key || null, count })),
    tool_chains: chains
      .slice(0, query.chains)
      .map(({ key, first, count }) => ({ chain: key, tools: first.tools, count })),
  };
}

/**
 * The reasons route reads the ratings of the range's responses rated down below this share of the
 * tenant's feedback events (feedbackShareInRange), and every rating above it: its narrowing set
 * (the responses rated down, a third of the events) stays cheaper for longer than the targets
 * route's. Measured on bench_large (500,000 feedback events over 90 days), narrowed / whole, p50
 * of 4, two rounds: 45 d (50 %) 2.3 / 2.7 s, 60 d (67 %) 3.0 / 3.4 and 2.5 / 3.0 s, 75 d (83 %)
 * 3.4 / 2.8 s, 90 d 3.9 / 3.1 and 3.7 / 3.4 s.
 */
const NARROW_BELOW_SHARE = 0.7;

/** Sums of `count` per key, most frequent first, ties by key in ClickHouse's (byte) order. */
function countsBy<T extends { count: number }>(
  rows: readonly T[],
  keyOf: (row: T) => string,
): { key: string; first: T; count: number }[] {
  const sums = new Map<string, { key: string; first: T; count: number }>();
  for (const row of rows) {
    const key = keyOf(row);
    const sum = sums.get(key) ?? { key, first: row, count: 0 };
    sum.count += Number(row.count);
    sums.set(key, sum);
  }
  return [...sums.values()].sort((a, b) => b.count - a.count || Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)));
}
