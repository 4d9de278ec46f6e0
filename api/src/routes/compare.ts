import {
  COMPARABLE_METRICS,
  compareWithLabels,
  DIMENSIONS,
  LabelledCompareResultSchema,
  labelsBlockFor,
  queryCompare,
  readTenantLabelFreshness,
} from "@answerscope/warehouse";
import { z } from "zod";
import { defineRoute } from "../http/api-route";
import { dimensionFilterParameters, filtersOf, rangeParameters, tenantParameter } from "../http/common-parameters";

const sliceValue = z.string().min(1).max(256);

export const compareRoute = defineRoute({
  operationId: "getCompare",
  path: "/api/v1/compare",
  summary: "One rate for two values of a dimension: Wilson 95 % intervals, difference and pooled two-proportion z-test",
  description:
    "Other dimension filters apply to both slices. A slice with a denominator below 30 is insufficient_data. `labels` is the tenant's label freshness over the range; for a label-based metric, when it covers none of the range, both slices' figures are null (never 0) and `labels.figures_unavailable` says why.",
  query: z.object({
    ...tenantParameter,
    ...rangeParameters,
    ...dimensionFilterParameters,
    metric: z.enum(COMPARABLE_METRICS),
    dimension: z.enum(DIMENSIONS),
    a: sliceValue.describe("the baseline value of the dimension"),
    b: sliceValue.describe("the value compared with a"),
  }),
  response: LabelledCompareResultSchema,
  responseName: "CompareResult",
  run: async ({ warehouse, tenantId }, query) => {
    const [result, freshness] = await Promise.all([
      queryCompare(warehouse, {
        tenantId,
        from: query.from,
        to: query.to,
        metric: query.metric,
        dimension: query.dimension,
        a: query.a,
        b: query.b,
        filters: filtersOf(query),
      }),
      readTenantLabelFreshness(warehouse, tenantId),
    ]);
    return compareWithLabels(
      result,
      labelsBlockFor(freshness, { fromMs: Date.parse(query.from), toMs: Date.parse(query.to) }),
    );
  },
});
