import {
  AttributionResultSchema,
  attributionResult,
  labelsBlockFor,
  readAttributionCounts,
  readTenantLabelFreshness,
} from "@answerscope/warehouse";
import { z } from "zod";
import { defineRoute } from "../http/api-route";
import { dimensionFilterParameters, filtersOf, rangeParameters, tenantParameter } from "../http/common-parameters";

export const attributionRoute = defineRoute({
  operationId: "getAttribution",
  path: "/api/v1/attribution",
  summary:
    "What an answer's outcome goes with: recovery after a negative answer, tokens per positive answer, tool helpfulness per tool and category, latency vs feedback",
  description:
    'Answers whose current version is in [from, to) (filters as in /metrics), with their current outcome labels (docs/metrics.md "Attribution"). ' +
    "A figure below its minimum sample is null with status insufficient_sample, never 0; `labels` is the tenant's label freshness, and when labels cover none of the range every figure is null with status labels_unavailable.",
  query: z.object({ ...tenantParameter, ...rangeParameters, ...dimensionFilterParameters }),
  response: AttributionResultSchema,
  responseName: "AttributionResult",
  run: async ({ warehouse, tenantId }, query) => {
    const [counts, freshness] = await Promise.all([
      readAttributionCounts(warehouse, {
        tenantId,
        from: query.from,
        to: query.to,
        filters: filtersOf(query),
      }),
      readTenantLabelFreshness(warehouse, tenantId),
    ]);
    return attributionResult(
      counts,
      labelsBlockFor(freshness, { fromMs: Date.parse(query.from), toMs: Date.parse(query.to) }),
    );
  },
});
