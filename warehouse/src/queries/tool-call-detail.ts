import { TOOL_STATUSES } from "@answerscope/contracts";
import { z } from "zod";
import { isoFromMs, TimestampSchema } from "./query-range";

/** One reduced tool call (docs/events.md lifecycle) as a detail view shows it. */
export const ToolCallDetailSchema = z.object({
  tool_call_id: z.string(),
  tool_name: z.string(),
  status: z.enum(TOOL_STATUSES).describe("the latest terminal event's status, else started (unfinished)"),
  start_inferred: z.boolean().describe("a terminal event arrived without any started event"),
  started_at: TimestampSchema.describe("the call's time: its earliest event"),
  finished_at: TimestampSchema.nullable(),
  duration_ms: z.number().int().nullable(),
  error_category: z.string().nullable(),
  error_message: z.string().nullable().describe("secrets redacted at ingestion"),
  result_summary: z.string().nullable(),
  arguments_json: z.string().nullable(),
  response_id: z.string().nullable(),
  session_id: z.string().nullable(),
  diagnostic_task_id: z.string().nullable(),
});
export type ToolCallDetail = z.output<typeof ToolCallDetailSchema>;

/** Columns of a reduced-tool-calls row that ToolCallDetail reads; the order they are listed in is by time. */
export const TOOL_CALL_DETAIL_COLUMNS = [
  "tool_call_id",
  "tool_name",
  "status",
  "start_inferred",
  "first_at_ms",
  "terminal_at_ms",
  "duration_ms",
  "error_category",
  "error_message",
  "result_summary",
  "arguments_json",
  "response_id",
  "session_id",
  "diagnostic_task_id",
] as const;
export const TOOL_CALLS_IN_TIME_ORDER = "ORDER BY first_at_ms, tool_call_id";

export type ToolCallDetailRow = Record<(typeof TOOL_CALL_DETAIL_COLUMNS)[number], unknown>;

export function toolCallDetailOf(row: ToolCallDetailRow): ToolCallDetail {
  const text = (value: unknown) => String(value ?? "") || null;
  const status = String(row.status) as ToolCallDetail["status"];
  const duration = Number(row.duration_ms);
  return {
    tool_call_id: String(row.tool_call_id),
    tool_name: String(row.tool_name),
    status,
    start_inferred: Number(row.start_inferred) === 1,
    started_at: isoFromMs(Number(row.first_at_ms)),
    finished_at: status === "started" ? null : isoFromMs(Number(row.terminal_at_ms)),
    // -1 is the facts' "unknown" (no terminal, or an inferred start without duration_ms).
    duration_ms: duration >= 0 ? duration : null,
    error_category: text(row.error_category),
    error_message: text(row.error_message),
    result_summary: text(row.result_summary),
    arguments_json: text(row.arguments_json),
    response_id: text(row.response_id),
    session_id: text(row.session_id),
    diagnostic_task_id: text(row.diagnostic_task_id),
  };
}
