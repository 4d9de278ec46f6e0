import { CALL_SOURCES, CONTEXT_SOURCES, DEFAULT_CHANNEL } from "./field-sources";
import { durationMsOf, eventIdOf, isoOf } from "./event-times";
import { finishReasonOf } from "./finish-reason";
import { answerText, userText } from "./message-text";
import { own, type SpanIndex } from "./span-index";
import type { AttrValue, OtlpSpan } from "./spans";
import { toolNameOf } from "./map-tool";

/** The response id of a turn: `answerscope.response_id`, else one derived from its trace and span ids. */
export const responseIdOf = (index: SpanIndex, turn: OtlpSpan): string =>
  String(index.context(turn, CONTEXT_SOURCES.response_id) ?? `${turn.traceId}-${turn.spanId}`);

const numberOr = (value: AttrValue | undefined): number | undefined => (typeof value === "number" ? value : undefined);
const stringOr = (value: AttrValue | undefined): string | undefined =>
  value === undefined || value === null ? undefined : String(value);

/**
 * Tokens of the turn: its own usage attributes (the AI SDK's call spans and GenAI agent spans
 * carry the turn's total), else the sum over its LLM calls in this export; undefined when none
 * says, so the contract rejects the answer as missing_field rather than storing a zero.
 */
function tokens(turn: OtlpSpan, calls: OtlpSpan[], keys: readonly string[]): number | undefined {
  const ownValue = numberOr(own(turn.attributes, keys));
  if (ownValue !== undefined) return ownValue;
  const values = calls.map((call) => numberOr(own(call.attributes, keys))).filter((value) => value !== undefined);
  return values.length > 0 ? values.reduce((sum, value) => sum + value, 0) : undefined;
}

/**
 * One `response_completed` for a span that ends a user turn (README.md, Mapping). Fields the spans
 * do not give are left out: the contract then rejects the event naming the missing field.
 */
export function mapTurn(index: SpanIndex, turn: OtlpSpan, tenantId: string): Record<string, unknown> {
  const below = index.descendants(turn);
  // The last call is the one that ended last: its finish reason is the turn's.
  const calls = index.byTime(
    [...(index.role(turn) === "llm" ? [turn] : []), ...below.filter((span) => index.role(span) === "llm")],
    (span) => span.endNs,
  );
  const tools = index.byTime(
    below.filter((span) => index.role(span) === "tool"),
    (span) => span.startNs,
  );
  const lastCall = calls[calls.length - 1];
  const fromCall = (keys: readonly string[]) =>
    own(turn.attributes, keys) ?? (lastCall ? own(lastCall.attributes, keys) : undefined);
  const context = (keys: readonly string[]) => index.context(turn, keys);
  const answer = answerText(fromCall(CALL_SOURCES.answer));
  const provider = stringOr(fromCall(CALL_SOURCES.provider));
  const toolNames = tools.map(toolNameOf).filter((name) => name !== undefined);
  const citations = context(CONTEXT_SOURCES.citation_ids);
  return {
    event_id: eventIdOf(turn),
    event_type: "response_completed",
    schema_version: 1,
    tenant_id: tenantId,
    occurred_at: isoOf(turn.endNs),
    response_id: responseIdOf(index, turn),
    session_id: stringOr(context(CONTEXT_SOURCES.session_id)),
    user_id: stringOr(context(CONTEXT_SOURCES.user_id)),
    channel: stringOr(context(CONTEXT_SOURCES.channel)) ?? DEFAULT_CHANNEL,
    model: stringOr(fromCall(CALL_SOURCES.model)),
    // The AI SDK names a provider with its API (`openai.chat`): the provider is the part before the dot.
    provider: provider?.split(".")[0],
    chat_type: stringOr(context(CONTEXT_SOURCES.chat_type)),
    session_type: stringOr(context(CONTEXT_SOURCES.session_type)),
    language: stringOr(context(CONTEXT_SOURCES.language)),
    user_segment: stringOr(context(CONTEXT_SOURCES.user_segment)),
    query_category: stringOr(context(CONTEXT_SOURCES.query_category)),
    prompt_version: stringOr(context(CONTEXT_SOURCES.prompt_version)),
    bot_version: stringOr(context(CONTEXT_SOURCES.bot_version)),
    trace_id: turn.traceId,
    time_cost_ms: durationMsOf(turn),
    prompt_tokens: tokens(turn, calls, CALL_SOURCES.prompt_tokens),
    completion_tokens: tokens(turn, calls, CALL_SOURCES.completion_tokens),
    total_tokens: numberOr(own(turn.attributes, CALL_SOURCES.total_tokens)),
    iteration_count: calls.length,
    finish_reason: finishReasonOf(
      turn,
      own(turn.attributes, CALL_SOURCES.finish_reason) ??
        (lastCall ? own(lastCall.attributes, CALL_SOURCES.finish_reason) : undefined),
    ),
    tool_count: tools.length,
    tools_used_names: [...new Set(toolNames)],
    citation_ids: Array.isArray(citations) ? citations.map(String) : undefined,
    response_length: answer !== undefined ? [...answer].length : numberOr(context(CONTEXT_SOURCES.response_length)),
    query_text: userText(fromCall(CALL_SOURCES.query)),
    turn_index: numberOr(context(CONTEXT_SOURCES.turn_index)),
    // Stored only for a tenant that opted in (warehouse/src/privacy/answer-text-policy.ts).
    answer_text: answer,
  };
}
