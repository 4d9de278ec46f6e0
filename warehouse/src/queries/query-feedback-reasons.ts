import { z } from "zod";
import { queryRows, type Warehouse } from "../client";
import { currentFeedbackSql } from "../facts/current-feedback";
import { sqlSubquery } from "../facts/sql-fragments";
import { sqlValue } from "../sql/escape";
import { matchingResponsesSql } from "./matching-responses";
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
  down_rated: z.number().int().describe("responses in range whose explicit rating is down (the thumbs_down_rate numerator)"),
  reasons: z
    .array(z.object({ reason_code: z.string().nullable().describe("null: rated down without a reason"), count: z.number().int() }))
    .describe("per reason_code, most frequent first"),
  tool_chains: z
    .array(z.object({ chain: z.string().describe(`tools_used_names joined with "${TOOL_CHAIN_SEPARATOR}"; empty: no tool`), tools: z.array(z.string()), count: z.number().int() }))
    .describe("the most common tool chains among down-rated responses"),
});
export type FeedbackReasonsResult = z.output<typeof FeedbackReasonsResultSchema>;

/**
 * GET /api/v1/feedback/reasons. The range and filters select responses (as in the metrics route), so the
 * reason counts add up to the down ratings behind thumbs_down_rate: only the owner's current verified
 * chat_message rating counts.
 */
export async function queryFeedbackReasons(warehouse: Warehouse, input: FeedbackReasonsQueryInput): Promise<FeedbackReasonsResult> {
  const query = FeedbackReasonsQuerySchema.parse(input);
  const { tenantId } = query;
  const idsInRange = sqlSubquery(
    `SELECT response_id FROM ${warehouse.table("responses")} WHERE tenant_id = ${sqlValue(tenantId)} AND occurred_at_ms >= ${sqlValue(query.from)} AND occurred_at_ms < ${sqlValue(query.to)}`,
  );
  const downRatings = `SELECT target_id AS response_id, reason_code FROM (${currentFeedbackSql(warehouse, { tenantId, targetIds: idsInRange })})
    WHERE target_type = 'chat_message' AND verification = 'verified' AND rating = 'down'`;
  const downRated = `SELECT response_id, tools_used_names, reason_code
    FROM (SELECT response_id, tools_used_names FROM (${matchingResponsesSql(warehouse, { tenantId, from: query.from, to: query.to, filters: query.filters })}))
    ALL INNER JOIN (${downRatings}) USING response_id`;
  const [reasons, chains] = await Promise.all([
    queryRows<{ reason_code: string; count: number }>(warehouse, `SELECT reason_code, count() AS count FROM (${downRated}) GROUP BY reason_code ORDER BY count DESC, reason_code`),
    queryRows<{ chain: string; tools: string[]; count: number }>(
      warehouse,
      `SELECT arrayStringConcat(tools_used_names, ${sqlValue(TOOL_CHAIN_SEPARATOR)}) AS chain, any(tools_used_names) AS tools, count() AS count
       FROM (${downRated}) GROUP BY chain ORDER BY count DESC, chain LIMIT ${query.chains}`,
    ),
  ]);
  return {
    down_rated: reasons.reduce((sum, row) => sum + Number(row.count), 0),
    reasons: reasons.map((row) => ({ reason_code: row.reason_code || null, count: Number(row.count) })),
    tool_chains: chains.map((row) => ({ chain: row.chain, tools: row.tools, count: Number(row.count) })),
  };
}
