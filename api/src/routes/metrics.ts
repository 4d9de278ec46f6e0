import {
  BUCKETS,
  DIMENSIONS,
  LabelledMetricsResultSchema,
  labelsBlockFor,
  metricsWithLabels,
  queryMetrics,
  readTenantLabelFreshness,
} from "@answerscope/warehouse";
import { z } from "zod";
import { defineRoute } from "../http/api-route";
import {
  commaListParameter,
  dimensionFilterParameters,
  filtersOf,
  rangeParameters,
  tenantParameter,
} from "../http/common-parameters";

export const metricsRoute = defineRoute({
  operationId: "getMetrics",
  path: "/api/v1/metrics",
  summary:
    "The metrics of docs/metrics.md (answer production and answer help), optionally grouped by dimensions and time buckets",
  description:
    "Without group_by and bucket: exactly one row for the whole range. With either: one row per non-empty group. `labels` is the tenant's label freshness and how much of the range it covers; when it covers none, every figure read from outcome labels is null (never 0) and `labels.figures_unavailable` says why.",
  query: z.object({
    ...tenantParameter,
    ...rangeParameters,
    ...dimensionFilterParameters,
    group_by: commaListParameter(DIMENSIONS).optional().describe("comma-separated dimensions, e.g. model,channel"),
    bucket: z.enum(BUCKETS).optional().describe("time bucket (UTC)"),
  }),
  response: LabelledMetricsResultSchema,
  responseName: "MetricsResult",
  run: async ({ warehouse, tenantId }, query) => {
    const shape = { filters: filtersOf(query), groupBy: query.group_by ?? [] };
    const [result, freshness] = await Promise.all([
      queryMetrics(warehouse, { tenantId, from: query.from, to: query.to, ...shape, bucket: query.bucket }),
      readTenantLabelFreshness(warehouse, tenantId),
    ]);
    return metricsWithLabels(
      result,
      labelsBlockFor(freshness, { fromMs: Date.parse(query.from), toMs: Date.parse(query.to) }),
      shape,
    );
  },
});
