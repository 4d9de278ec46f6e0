import { FINISH_REASONS } from "@answerscope/contracts";
import { z } from "zod";
import { DIMENSIONS, type Dimension } from "./query-input";
import { isoFromMs, TimestampSchema } from "./query-range";
import { buildTraceUrl } from "./trace-url";

/** One response as the API shows it: the current version's facts and the link to its trace. */
export const ResponseFactsSchema = z.object({
  response_id: z.string(),
  session_id: z.string(),
  user_id: z.string(),
  occurred_at: TimestampSchema,
  dims: z
    .record(z.enum(DIMENSIONS), z.string())
    .describe("every dimension of docs/metrics.md (absent optional ones are `unknown`)"),
  finish_reason: z.enum(FINISH_REASONS),
  time_cost_ms: z.number().int(),
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  total_tokens: z.number().int(),
  iteration_count: z.number().int(),
  tool_count: z.number().int(),
  tools_used_names: z.array(z.string()),
  citation_ids: z.array(z.string()),
  response_length: z.number().int(),
  query_text: z
    .string()
    .nullable()
    .describe("the user turn (truncated to 4000 characters), for reading a sample; never a metric label"),
  turn_index: z.number().int().nullable(),
  trace_id: z.string().nullable(),
  trace_url: z
    .string()
    .nullable()
    .describe("link built from the configured template; null without trace_id or template"),
});
export type ResponseFacts = z.output<typeof ResponseFactsSchema>;

/** Columns of a current-responses row (plus the derived tool_used) that ResponseFacts reads. */
export const RESPONSE_FACT_COLUMNS = [
  "response_id",
  "session_id",
  "user_id",
  "occurred_at_ms",
  ...DIMENSIONS,
  "finish_reason",
  "time_cost_ms",
  "prompt_tokens",
  "completion_tokens",
  "total_tokens",
  "iteration_count",
  "tool_count",
  "tools_used_names",
  "citation_ids",
  "response_length",
  "query_text",
  "turn_index",
  "trace_id",
] as const;

export type ResponseFactsRow = Record<(typeof RESPONSE_FACT_COLUMNS)[number], unknown>;

export function responseFactsOf(
  row: ResponseFactsRow,
  tenantId: string,
  traceUrlTemplate: string | undefined,
): ResponseFacts {
  const text = (value: unknown) => String(value ?? "");
  const count = (value: unknown) => Number(value ?? 0);
  const traceId = text(row.trace_id) || null;
  const turnIndex = count(row.turn_index);
  return {
    response_id: text(row.response_id),
    session_id: text(row.session_id),
    user_id: text(row.user_id),
    occurred_at: isoFromMs(count(row.occurred_at_ms)),
    dims: Object.fromEntries(DIMENSIONS.map((dimension) => [dimension, text(row[dimension])])) as Record<
      Dimension,
      string
    >,
    finish_reason: text(row.finish_reason) as ResponseFacts["finish_reason"],
    time_cost_ms: count(row.time_cost_ms),
    prompt_tokens: count(row.prompt_tokens),
    completion_tokens: count(row.completion_tokens),
    total_tokens: count(row.total_tokens),
    iteration_count: count(row.iteration_count),
    tool_count: count(row.tool_count),
    tools_used_names: (row.tools_used_names as string[] | undefined) ?? [],
    citation_ids: (row.citation_ids as string[] | undefined) ?? [],
    response_length: count(row.response_length),
    query_text: text(row.query_text) || null,
    // The fact table stores "absent" as -1 (0 is a real first turn).
    turn_index: turnIndex >= 0 ? turnIndex : null,
    trace_id: traceId,
    trace_url: buildTraceUrl(traceUrlTemplate, tenantId, traceId),
  };
}
