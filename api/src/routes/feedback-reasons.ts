import { FeedbackReasonsResultSchema, queryFeedbackReasons } from "@answerscope/warehouse";
import { z } from "zod";
import { defineRoute } from "../http/api-route";
import { dimensionFilterParameters, filtersOf, rangeParameters, tenantParameter } from "../http/common-parameters";

export const feedbackReasonsRoute = defineRoute({
  operationId: "getFeedbackReasons",
  path: "/api/v1/feedback/reasons",
  summary: "Counts per reason_code of current down ratings, and the most common tool chains among down-rated responses",
  description:
    "Range and filters select responses (their occurred_at and dimensions), as in the metrics route; only explicit (owner's, verified, chat_message) ratings count.",
  query: z.object({
    ...tenantParameter,
    ...rangeParameters,
    ...dimensionFilterParameters,
    chains: z.coerce.number().int().min(1).max(100).default(10).describe("how many tool chains to list (default 10)"),
  }),
  response: FeedbackReasonsResultSchema,
  responseName: "FeedbackReasonsResult",
  run: ({ warehouse, tenantId }, query) =>
    queryFeedbackReasons(warehouse, {
      tenantId,
      from: query.from,
      to: query.to,
      filters: filtersOf(query),
      chains: query.chains,
    }),
});
