import { queryResponse, ResponseDetailSchema } from "@answerscope/warehouse";
import { z } from "zod";
import { defineRoute } from "../http/api-route";
import { tenantParameter } from "../http/common-parameters";

export const responseRoute = defineRoute({
  operationId: "getResponse",
  path: "/api/v1/responses/{response_id}",
  summary:
    "One response: facts, reduced tool calls in time order, every feedback event with revisions and verification, outcome label, follow-up, trace link",
  description:
    "An id identifies the object, so this route takes no range. Another tenant's response is 404, like a missing one.",
  query: z.object({ ...tenantParameter }),
  pathParameters: z.object({ response_id: z.string().min(1).max(128) }),
  response: ResponseDetailSchema,
  responseName: "ResponseDetail",
  notFound: "the tenant has no response with this id",
  run: ({ warehouse, tenantId, traceUrlTemplate }, _query, path) =>
    queryResponse(warehouse, { tenantId, responseId: path.response_id }, { traceUrlTemplate }),
});
