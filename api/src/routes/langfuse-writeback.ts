import { LangfuseWritebackSchema, publishedWriteback, writebackStatus } from "@answerscope/warehouse";
import { z } from "zod";
import { defineRoute } from "../http/api-route";
import { tenantParameter } from "../http/common-parameters";

export const langfuseWritebackRoute = defineRoute({
  operationId: "getLangfuseWriteback",
  path: "/api/v1/langfuse/writeback",
  summary:
    "How far the tenant's outcome verdicts are written back to Langfuse: lag behind the labels, last success, failing",
  description:
    "The write-back's progress for the tenant; the sibling of /api/v1/labels/freshness. A Langfuse outage delays only the write-back: lag_seconds grows and failing is true while the labels stay current.",
  query: z.object({ ...tenantParameter }),
  response: LangfuseWritebackSchema,
  responseName: "LangfuseWriteback",
  run: async ({ warehouse, tenantId }) => publishedWriteback(await writebackStatus(warehouse, tenantId)),
});
