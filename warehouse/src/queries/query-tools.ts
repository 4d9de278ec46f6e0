import { z } from "zod";
import { queryRows, type Warehouse } from "../client";
import { reducedToolCallsSql } from "../facts/reduced-tool-calls";
import { sqlSubquery, whereAll } from "../facts/sql-fragments";
import { sqlList } from "../sql/escape";
import { hasFilters, matchingResponsesSql } from "./matching-responses";
import { FiltersSchema } from "./query-input";
import { orderedRange, rangeShape } from "./query-range";

/** How many error categories a tool row lists: the most frequent ones are what an operator acts on. */
export const TOP_ERROR_CATEGORIES = 10;

export const ToolsQuerySchema = z
  .object({
    ...rangeShape,
    /** Response-dimension filters: with any, only calls whose response_id is a matching response in range count. */
    filters: FiltersSchema.default({}),
    /** Only these tools (OR); empty: every tool. */
    toolNames: z.array(z.string().min(1).max(128)).max(100).default([]),
  })
  .refine(...orderedRange);
export type ToolsQueryInput = z.input<typeof ToolsQuerySchema>;

export const ToolRowSchema = z.object({
  tool_name: z.string(),
  calls: z.number().int().describe("reduced calls whose first event is in range, unfinished included"),
  completed: z.number().int(),
  failed: z.number().int(),
  unfinished: z.number().int().describe("calls with a `started` event and no terminal event"),
  error_rate: z.number().nullable().describe("failed / (completed + failed); null when both are 0"),
  duration_p95_ms: z.number().nullable().describe("p95 of the durations of finished calls whose duration is known"),
  top_error_categories: z
    .array(z.object({ category: z.string(), count: z.number().int() }))
    .describe(`error_category of failed calls, most frequent first (at most ${TOP_ERROR_CATEGORIES}); failed calls without one are not listed`),
});
export const ToolsResultSchema = z.object({ rows: z.array(ToolRowSchema).describe("one row per tool_name, by name") });
export type ToolRow = z.output<typeof ToolRowSchema>;
export type ToolsResult = z.output<typeof ToolsResultSchema>;

type ToolsQuery = z.output<typeof ToolsQuerySchema>;

/** The reduced calls this query covers: in range by their first event, of the chosen tools, and tied to matching responses when filtered. */
function coveredCallsSql(warehouse: Warehouse, query: ToolsQuery): string {
  // metrics-v1.md: in a filtered row, tool figures cover calls whose response belongs to the row;
  // calls without a response_id count only without a filter.
  const responseIds = hasFilters(query.filters)
    ? sqlSubquery(`SELECT response_id FROM (${matchingResponsesSql(warehouse, { tenantId: query.tenantId, from: query.from, to: query.to, filters: query.filters })})`)
    : undefined;
  const calls = reducedToolCallsSql(warehouse, { tenantId: query.tenantId, fromMs: query.from, toMs: query.to, responseIds });
  return `SELECT * FROM (${calls}) ${whereAll(query.toolNames.length ? [`tool_name IN ${sqlList(query.toolNames)}`] : [])}`;
}

interface CountsRow {
  tool_name: string;
  calls: number;
  completed: number;
  failed: number;
  unfinished: number;
  timed: number;
  duration_p95: number;
}

export async function queryTools(warehouse: Warehouse, input: ToolsQueryInput): Promise<ToolsResult> {
  const query = ToolsQuerySchema.parse(input);
  const calls = coveredCallsSql(warehouse, query);
  // Duration is known for finished calls only (-1 = unknown: a terminal without start or duration_ms).
  const timed = "status != 'started' AND duration_ms >= 0";
  const [counts, categories] = await Promise.all([
    queryRows<CountsRow>(
      warehouse,
      `SELECT tool_name,
         count() AS calls,
         countIf(status = 'completed') AS completed,
         countIf(status = 'failed') AS failed,
         countIf(status = 'started') AS unfinished,
         countIf(${timed}) AS timed,
         quantileIf(0.95)(toFloat64(duration_ms), ${timed}) AS duration_p95
       FROM (${calls})
       GROUP BY tool_name
       ORDER BY tool_name`,
    ),
    queryRows<{ tool_name: string; category: string; count: number }>(
      warehouse,
      `SELECT tool_name, error_category AS category, count() AS count
       FROM (${calls})
       WHERE status = 'failed' AND error_category != ''
       GROUP BY tool_name, error_category
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
  return {
    rows: counts.map((row) => {
      const completed = Number(row.completed);
      const failed = Number(row.failed);
      return {
        tool_name: row.tool_name,
        calls: Number(row.calls),
        completed,
        failed,
        unfinished: Number(row.unfinished),
        error_rate: completed + failed > 0 ? failed / (completed + failed) : null,
        duration_p95_ms: Number(row.timed) > 0 ? Number(row.duration_p95) : null,
        top_error_categories: categoriesOf.get(row.tool_name) ?? [],
      };
    }),
  };
}
