import { FeedbackTargetsResultSchema, queryFeedbackTargets } from "@answerscope/warehouse";
import { z } from "zod";
import { defineRoute } from "../http/api-route";
import { dimensionFilterParameters, filtersOf, rangeParameters, tenantParameter } from "../http/common-parameters";

export const feedbackTargetsRoute = defineRoute({
  operationId: "getFeedbackTargets",
  path: "/api/v1/feedback/targets",
  summary: "Current ratings by target type, rating and verification status, with revision, conflict and retry counts",
  description:
    "A rating counts when its latest action is in [from, to); revisions, conflicts and retries by their own time. With a response-dimension filter only feedback on matching responses (chat_message, citation) counts.",
  query: z.object({ ...tenantParameter, ...rangeParameters, ...dimensionFilterParameters }),
  response: FeedbackTargetsResultSchema,
  responseName: "FeedbackTargetsResult",
  run: ({ warehouse, tenantId }, query) =>
    queryFeedbackTargets(warehouse, { tenantId, from: query.from, to: query.to, filters: filtersOf(query) }),
});
