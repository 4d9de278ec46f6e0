import { z } from "zod";
import { queryRows, type Warehouse } from "../client";
import { reducedToolCallsSql } from "../facts/reduced-tool-calls";
import { sqlSubquery } from "../facts/sql-fragments";
import { sqlValue } from "../sql/escape";
import { FeedbackEventDetailSchema, feedbackEventDetails } from "./feedback-event-detail";
import { TenantIdSchema } from "./query-input";
import { ObjectIdSchema } from "./query-range";
import {
  TOOL_CALL_DETAIL_COLUMNS,
  TOOL_CALLS_IN_TIME_ORDER,
  toolCallDetailOf,
  ToolCallDetailSchema,
  type ToolCallDetailRow,
} from "./tool-call-detail";

export const DiagnosticQuerySchema = z.object({ tenantId: TenantIdSchema, diagnosticTaskId: ObjectIdSchema });
export type DiagnosticQueryInput = z.input<typeof DiagnosticQuerySchema>;

export const DiagnosticDetailSchema = z.object({
  diagnostic_task_id: z.string(),
  tool_calls: z.array(ToolCallDetailSchema).describe("the task's reduced tool calls in time order: the evidence chain"),
  feedback: z
    .array(FeedbackEventDetailSchema)
    .describe("every feedback event on the task's steps and report, oldest first, revisions included"),
});
export type DiagnosticDetail = z.output<typeof DiagnosticDetailSchema>;

/** GET /api/v1/diagnostics/{diagnostic_task_id}: one AIOps task of the tenant; null when the tenant has neither a call nor feedback for it. */
export async function queryDiagnostic(
  warehouse: Warehouse,
  input: DiagnosticQueryInput,
): Promise<DiagnosticDetail | null> {
  const { tenantId, diagnosticTaskId } = DiagnosticQuerySchema.parse(input);
  const task = sqlValue(diagnosticTaskId);
  const tenant = sqlValue(tenantId);
  // Narrow the reductions to the task's own calls and targets (few) before they run.
  const callIds = sqlSubquery(
    `SELECT tool_call_id FROM ${warehouse.table("tool_call_events")} WHERE tenant_id = ${tenant} AND diagnostic_task_id = ${task}`,
    { few: true },
  );
  const targetIds = sqlSubquery(
    `SELECT target_id FROM ${warehouse.table("feedback_events")} WHERE tenant_id = ${tenant} AND diagnostic_task_id = ${task}`,
    { few: true },
  );
  const [calls, feedback] = await Promise.all([
    queryRows<ToolCallDetailRow>(
      warehouse,
      `SELECT ${TOOL_CALL_DETAIL_COLUMNS.join(", ")} FROM (${reducedToolCallsSql(warehouse, { tenantId, toolCallIds: callIds })})
       WHERE diagnostic_task_id = ${task} ${TOOL_CALLS_IN_TIME_ORDER}`,
    ),
    feedbackEventDetails(warehouse, {
      tenantId,
      targetIds,
      targetCondition: `diagnostic_task_id = ${task} AND target_type IN ('diagnostic_step', 'diagnostic_report')`,
    }),
  ]);
  if (calls.length === 0 && feedback.length === 0) return null;
  return { diagnostic_task_id: diagnosticTaskId, tool_calls: calls.map(toolCallDetailOf), feedback };
}
