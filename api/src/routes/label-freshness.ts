import { LabelFreshnessSchema, readTenantLabelFreshness } from "@answerscope/warehouse";
import { z } from "zod";
import { defineRoute } from "../http/api-route";
import { tenantParameter } from "../http/common-parameters";

export const labelFreshnessRoute = defineRoute({
  operationId: "getLabelFreshness",
  path: "/api/v1/labels/freshness",
  summary:
    "How far the outcome evaluator has labelled the tenant's events: watermark, lag, last success and last error",
  description:
    "The evaluator's progress for the tenant, which the label-based figures depend on. stale is true when the evaluator's last run for the tenant failed, when it never evaluated the tenant's events, or when the lag passes lag_limit_seconds; the dashboard warns on it. Every answer with label-based figures (metrics, compare) carries the same block as `labels`.",
  query: z.object({ ...tenantParameter }),
  response: LabelFreshnessSchema,
  responseName: "LabelFreshness",
  run: ({ warehouse, tenantId }) => readTenantLabelFreshness(warehouse, tenantId),
});
