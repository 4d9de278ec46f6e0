import { CURRENT_RATINGS, isCurrentRating } from "@answerscope/contracts/vocabularies";
import { z } from "zod";
import { queryRows, type Warehouse } from "../client";
import { currentResponsesSql } from "../facts/current-responses";
import { reducedToolCallsSql } from "../facts/reduced-tool-calls";
import { writtenScores } from "../langfuse/written-scores";
import { currentLabelsSql } from "../outcomes/current-labels";
import { sqlValue } from "../sql/escape";
import { FeedbackEventDetailSchema, feedbackEventDetails } from "./feedback-event-detail";
import { OUTCOME_LABELS, TenantIdSchema } from "./query-input";
import { isoFromMs, ObjectIdSchema, TimestampSchema } from "./query-range";
import { RESPONSE_FACT_COLUMNS, responseFactsOf, ResponseFactsSchema, type ResponseFactsRow } from "./response-facts";
import {
  TOOL_CALL_DETAIL_COLUMNS,
  TOOL_CALLS_IN_TIME_ORDER,
  toolCallDetailOf,
  ToolCallDetailSchema,
  type ToolCallDetailRow,
} from "./tool-call-detail";

export const ResponseQuerySchema = z.object({ tenantId: TenantIdSchema, responseId: ObjectIdSchema });
export type ResponseQueryInput = z.input<typeof ResponseQuerySchema>;

export const ResponseDetailSchema = z.object({
  response: ResponseFactsSchema.describe("the current version (latest occurred_at, ties greatest event_id)"),
  tool_calls: z.array(ToolCallDetailSchema).describe("reduced tool calls with this response_id, in time order"),
  feedback: z
    .array(FeedbackEventDetailSchema)
    .describe("every feedback event on the response (chat_message and citation), oldest first"),
  explicit_rating: z.enum(CURRENT_RATINGS).nullable().describe("the owner's current verified chat_message rating"),
  outcome: z
    .object({
      label: z.enum(OUTCOME_LABELS),
      label_reason: z.string(),
      evaluated_at: TimestampSchema,
      window_closed: z.boolean(),
      has_failed_tool: z.boolean(),
    })
    .nullable()
    .describe("the current outcome label; null until the evaluator has labeled the response"),
  followup: z
    .object({ response_id: z.string(), is_reask: z.boolean() })
    .nullable()
    .describe("the next response of the session within 10 minutes, as of the last evaluation"),
  langfuse_scores: z
    .array(
      z.object({
        name: z
          .string()
          .describe("response_outcome_label, user_feedback_score, ... (warehouse/src/langfuse/README.md defines each)"),
        score_id: z.string().describe("the score's id in Langfuse: the same for every re-evaluation of this response"),
        trace_id: z.string(),
        data_type: z.enum(["NUMERIC", "CATEGORICAL"]),
        value: z.number().nullable().describe("a NUMERIC score's value; null for a CATEGORICAL one"),
        string_value: z.string().nullable().describe("a CATEGORICAL score's category; null for a NUMERIC one"),
        written_at: TimestampSchema,
      }),
    )
    .describe(
      "the scores Answerscope last wrote to Langfuse for this response, by name; empty when none were (no trace, no Langfuse configured, or not yet)",
    ),
});
export type ResponseDetail = z.output<typeof ResponseDetailSchema>;

interface LabelRow {
  label: string;
  label_reason: string;
  evaluated_at_ms: number;
  window_closed: number;
  has_failed_tool: number;
  followup_response_id: string;
  followup_is_reask: number;
}

/** GET /api/v1/responses/{response_id}: everything known about one response of the tenant; null when the tenant has no such response. */
export async function queryResponse(
  warehouse: Warehouse,
  input: ResponseQueryInput,
  options: { traceUrlTemplate?: string } = {},
): Promise<ResponseDetail | null> {
  const { tenantId, responseId } = ResponseQuerySchema.parse(input);
  const ids = [responseId];
  const [responses, calls, feedback, labels, scores] = await Promise.all([
    queryRows<ResponseFactsRow>(
      warehouse,
      `SELECT ${RESPONSE_FACT_COLUMNS.join(", ")} FROM (SELECT *, if(tool_count > 0, 'yes', 'no') AS tool_used FROM (${currentResponsesSql(warehouse, { tenantId, responseIds: ids })}))`,
    ),
    queryRows<ToolCallDetailRow>(
      warehouse,
      `SELECT ${TOOL_CALL_DETAIL_COLUMNS.join(", ")} FROM (${reducedToolCallsSql(warehouse, { tenantId, responseIds: ids })}) ${TOOL_CALLS_IN_TIME_ORDER}`,
    ),
    feedbackEventDetails(warehouse, {
      tenantId,
      targetIds: ids,
      targetCondition: `target_id = ${sqlValue(responseId)} AND target_type IN ('chat_message', 'citation')`,
    }),
    queryRows<LabelRow>(
      warehouse,
      `SELECT label, label_reason, evaluated_at_ms, window_closed, has_failed_tool, followup_response_id, followup_is_reask
       FROM (${currentLabelsSql(warehouse, { tenantId, responseIds: ids })})`,
    ),
    writtenScores(warehouse, tenantId, responseId),
  ]);
  const [response] = responses;
  if (!response) return null;
  const [label] = labels;
  // The explicit rating is read from the feedback itself, so it is current even before the next evaluation.
  const explicit = feedback.find(
    (event) => event.latest && event.target_type === "chat_message" && event.verification === "verified",
  );
  return {
    response: responseFactsOf(response, tenantId, options.traceUrlTemplate),
    tool_calls: calls.map(toolCallDetailOf),
    feedback,
    explicit_rating: explicit && isCurrentRating(explicit.rating) ? explicit.rating : null,
    outcome: label
      ? {
          label: label.label as (typeof OUTCOME_LABELS)[number],
          label_reason: label.label_reason,
          evaluated_at: isoFromMs(Number(label.evaluated_at_ms)),
          window_closed: Number(label.window_closed) === 1,
          has_failed_tool: Number(label.has_failed_tool) === 1,
        }
      : null,
    followup: label?.followup_response_id
      ? { response_id: label.followup_response_id, is_reask: Number(label.followup_is_reask) === 1 }
      : null,
    langfuse_scores: scores.map(({ written_at_ms, ...score }) => ({ ...score, written_at: isoFromMs(written_at_ms) })),
  };
}
