import { queryTools, ToolsResultSchema } from "@answerscope/warehouse";
import { z } from "zod";
import { defineRoute } from "../http/api-route";
import {
  commaListParameter,
  dimensionFilterParameters,
  filtersOf,
  rangeParameters,
  tenantParameter,
} from "../http/common-parameters";

export const toolsRoute = defineRoute({
  operationId: "getTools",
  path: "/api/v1/tools",
  summary: "Per tool: calls, completed, failed, unfinished, error rate, p95 duration and top error categories",
  description:
    "Covers reduced tool calls whose first event is in [from, to). With a response-dimension filter, the calls whose response_id is a matching response in range count instead, whatever their own time (as the metrics route counts them); calls without a response_id count only without filters.",
  query: z.object({
    ...tenantParameter,
    ...rangeParameters,
    ...dimensionFilterParameters,
    tool_name: z
      .array(z.string().min(1).max(128))
      .min(1)
      .max(100)
      .optional()
      .describe("only these tools; repeat for OR"),
    group_by: commaListParameter(["tool_name"])
      .optional()
      .describe("rows are always per tool_name; the only accepted value is tool_name"),
  }),
  response: ToolsResultSchema,
  responseName: "ToolsResult",
  run: ({ warehouse, tenantId }, query) =>
    queryTools(warehouse, {
      tenantId,
      from: query.from,
      to: query.to,
      filters: filtersOf(query),
      toolNames: query.tool_name ?? [],
    }),
});
