import { BUCKETS, DIMENSIONS, MetricsResultSchema, queryMetrics } from "@answerscope/warehouse";
import { z } from "zod";
import { defineRoute } from "../http/api-route";
import { commaListParameter, dimensionFilterParameters, filtersOf, rangeParameters, tenantParameter } from "../http/common-parameters";

export const metricsRoute = defineRoute({
  operationId: "getMetrics",
  path: "/api/v1/metrics",
  summary: "Phase 1 and Phase 2 metrics of metrics-v1.md, optionally grouped by dimensions and time buckets",
  description: "Without group_by and bucket: exactly one row for the whole range. With either: one row per non-empty group.",
  query: z.object({
    ...tenantParameter,
    ...rangeParameters,
    ...dimensionFilterParameters,
    group_by: commaListParameter(DIMENSIONS).optional().describe("comma-separated dimensions, e.g. model,channel"),
    bucket: z.enum(BUCKETS).optional().describe("time bucket (UTC)"),
  }),
  response: MetricsResultSchema,
  responseName: "MetricsResult",
  run: ({ warehouse, tenantId }, query) =>
    queryMetrics(warehouse, { tenantId, from: query.from, to: query.to, filters: filtersOf(query), groupBy: query.group_by ?? [], bucket: query.bucket }),
});
