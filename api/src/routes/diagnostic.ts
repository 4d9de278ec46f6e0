import { DiagnosticDetailSchema, queryDiagnostic } from "@answerscope/warehouse";
import { z } from "zod";
import { defineRoute } from "../http/api-route";
import { tenantParameter } from "../http/common-parameters";

export const diagnosticRoute = defineRoute({
  operationId: "getDiagnostic",
  path: "/api/v1/diagnostics/{diagnostic_task_id}",
  summary:
    "One diagnostic task (the AIOps evidence chain): its reduced tool calls in time order and every feedback event on its steps and report",
  description:
    "An id identifies the object, so this route takes no range. Another tenant's task is 404, like a missing one.",
  query: z.object({ ...tenantParameter }),
  pathParameters: z.object({ diagnostic_task_id: z.string().min(1).max(128) }),
  response: DiagnosticDetailSchema,
  responseName: "DiagnosticDetail",
  notFound: "the tenant has no tool call or feedback for this diagnostic task",
  run: ({ warehouse, tenantId }, _query, path) =>
    queryDiagnostic(warehouse, { tenantId, diagnosticTaskId: path.diagnostic_task_id }),
});
