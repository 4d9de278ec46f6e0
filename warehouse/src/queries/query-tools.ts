import { z } from "zod";
import { queryRows, type Warehouse } from "../client";
import { reducedToolCallsSql } from "../facts/reduced-tool-calls";
import { msRange, tenantCondition, whereAll } from "../facts/sql-fragments";
import { histogramQuantile, latencyBucketSql } from "../metrics/latency-histogram";
import { sqlList } from "../sql/escape";
import { hasFilters, matchingResponseIdsSql } from "./matching-responses";
import { FiltersSchema } from "./query-input";
import { orderedRange, rangeShape } from "./query-range";

/** How many error categories a tool row lists: the most frequent ones are what an operator acts on. */
export const TOP_ERROR_CATEGORIES = 10;

export const ToolsQuerySchema = z
  .object({
    ...rangeShape,
    /** Response-dimension filters: with any, the calls whose response_id is a matching response in range count, whatever their own time. */
    filters: FiltersSchema.default({}),
    /** Only these tools (OR); empty: every tool. */
    toolNames: z.array(z.string().min(1).max(128)).max(100).default([]),
  })
  .refine(...orderedRange);
export type ToolsQueryInput = z.input<typeof ToolsQuerySchema>;

export const ToolRowSchema = z.object({
  tool_name: z.string(),
  calls: z
    .number()
    .int()
    .describe(
      "reduced calls whose first event is in range (with response filters: the calls of the matching responses in range), unfinished included",
    ),
  completed: z.number().int(),
  failed: z.number().int(),
  unfinished: z.number().int().describe("calls with a `started` event and no terminal event"),
  error_rate: z.number().nullable().describe("failed / (completed + failed); null when both are 0"),
  duration_p95_ms: z.number().nullable().describe("p95 of the durations of finished calls whose duration is known"),
  top_error_categories: z
    .array(z.object({ category: z.string(), count: z.number().int() }))
    .describe(
      `error_category of failed calls, most frequent first (at most ${TOP_ERROR_CATEGORIES}); failed calls without one are not listed`,
    ),
});
export const ToolsResultSchema = z.object({ rows: z.array(ToolRowSchema).describe("one row per tool_name, by name") });
export type ToolRow = z.output<typeof ToolRowSchema>;
export type ToolsResult = z.output<typeof ToolsResultSchema>;

type ToolsQuery = z.output<typeof ToolsQuerySchema>;

/**
 * The calls this query covers (of the chosen tools; in range by their first event, or with
 * filters the calls of the matching responses in range) as rows of tool_name, status, error_category, duration_ms and
 * a signed `weight`: the figures are signed sums of it. Without filters they come from
 * tool_call_states (migration 0012), where each call weighs 1 at its current state once the signs
 * are summed, so nothing is reduced on read; with filters from the reduced calls (weight 1), since
 * a call's response decides whether it counts.
 */
function coveredCallsSql(warehouse: Warehouse, query: ToolsQuery): string {
  const ofTools = query.toolNames.length ? [`tool_name IN ${sqlList(query.toolNames)}`] : [];
  if (!hasFilters(query.filters)) {
    return `SELECT tool_name, status, error_category, duration_ms, sign AS weight FROM ${warehouse.table("tool_call_states")}
      ${whereAll([tenantCondition(query.tenantId), ...msRange("first_at_ms", query.from, query.to), ...ofTools])}`;
  }
  // docs/metrics.md: in a filtered row, tool figures cover the calls whose response belongs to the
  // row (whatever the call's own time, as the metrics route counts them); calls without a
  // response_id count only without a filter.
  const responseIds = matchingResponseIdsSql(warehouse, {
    tenantId: query.tenantId,
    from: query.from,
    to: query.to,
    filters: query.filters,
  });
  const calls = reducedToolCallsSql(warehouse, { tenantId: query.tenantId, responseIds });
  return `SELECT tool_name, status, error_category, duration_ms, toInt64(1) AS weight FROM (${calls}) ${whereAll(ofTools)}`;
}

interface CountsRow {
  tool_name: string;
  calls: number;
  completed: number;
  failed: number;
  unfinished: number;
}

export async function queryTools(warehouse: Warehouse, input: ToolsQueryInput): Promise<ToolsResult> {
  const query = ToolsQuerySchema.parse(input);
  const calls = coveredCallsSql(warehouse, query);
  // Duration is known for finished calls only (-1 = unknown: a terminal without start or duration_ms).
  const timed = "status != 'started' AND duration_ms >= 0";
  const [counts, durations, categories] = await Promise.all([
    queryRows<CountsRow>(
      warehouse,
      `SELECT tool_name,
         sum(weight) AS calls,
         sumIf(weight, status = 'completed') AS completed,
         sumIf(weight, status = 'failed') AS failed,
         sumIf(weight, status = 'started') AS unfinished
       FROM (${calls})
       GROUP BY tool_name
       HAVING calls != 0
       ORDER BY tool_name`,
    ),
    // A duration histogram per tool (latency-histogram.ts buckets): signed sums, p95 within 0.5 %.
    queryRows<{ tool_name: string; bucket: number; count: number }>(
      warehouse,
      `SELECT tool_name, ${latencyBucketSql("duration_ms")} AS bucket, sum(weight) AS count
       FROM (${calls})
       WHERE ${timed}
       GROUP BY tool_name, bucket
       HAVING count != 0`,
    ),
    queryRows<{ tool_name: string; category: string; count: number }>(
      warehouse,
      `SELECT tool_name, error_category AS category, sum(weight) AS count
       FROM (${calls})
       WHERE status = 'failed' AND error_category != ''
       GROUP BY tool_name, error_category
       HAVING count > 0
       ORDER BY tool_name, count DESC, category
       LIMIT ${TOP_ERROR_CATEGORIES} BY tool_name`,
    ),
  ]);
  const categoriesOf = new Map<string, { category: string; count: number }[]>();
  for (const row of categories) {
    const list = categoriesOf.get(row.tool_name) ?? [];
    list.push({ category: row.category, count: Number(row.count) });
    categoriesOf.set(row.tool_name, list);
  }
  const histogramOf = new Map<string, { buckets: number[]; counts: number[] }>();
  for (const row of durations) {
    const histogram = histogramOf.get(row.tool_name) ?? { buckets: [], counts: [] };
    histogram.buckets.push(Number(row.bucket));
    histogram.counts.push(Number(row.count));
    histogramOf.set(row.tool_name, histogram);
  }
  return {
    rows: counts.map((row) => {
      const completed = Number(row.completed);
      const failed = Number(row.failed);
      const histogram = histogramOf.get(row.tool_name);
      return {
        tool_name: row.tool_name,
        calls: Number(row.calls),
        completed,
        failed,
        unfinished: Number(row.unfinished),
        error_rate: completed + failed > 0 ? failed / (completed + failed) : null,
        duration_p95_ms: histogram ? histogramQuantile(histogram.buckets, histogram.counts, 0.95) : null,
        top_error_categories: categoriesOf.get(row.tool_name) ?? [],
      };
    }),
  };
}
