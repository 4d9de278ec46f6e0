import { queryRejected, RejectedResultSchema } from "@answerscope/warehouse";
import { z } from "zod";
import { defineRoute } from "../http/api-route";
import { limitParameter, rangeParameters, tenantParameter } from "../http/common-parameters";

export const rejectedRoute = defineRoute({
  operationId: "getRejected",
  path: "/api/v1/rejected",
  summary: "Rejected events (the dead-letter queue): counts by reason and the newest events, payload truncated",
  description:
    "Range on the time the event was received. Includes feedback events rejected as feedback_conflict (a client_feedback_id reused with other content). Events rejected before their tenant was known (invalid JSON) belong to no tenant and are not listed.",
  query: z.object({
    ...tenantParameter,
    ...rangeParameters,
    reason: z
      .array(z.string().min(1).max(200))
      .min(1)
      .max(100)
      .optional()
      .describe("a reason (invalid_field:time_cost_ms) or reason kind (invalid_field); repeat for OR"),
    limit: limitParameter(50, 200),
  }),
  response: RejectedResultSchema,
  responseName: "RejectedResult",
  run: ({ warehouse, tenantId }, query) =>
    queryRejected(warehouse, {
      tenantId,
      from: query.from,
      to: query.to,
      reasons: query.reason ?? [],
      limit: query.limit,
    }),
});
