import type { ResponseCompletedInput } from "@answerscope/contracts";
import type { ResponseFacts } from "../vikingbot/records";
import { derivedId } from "./event-id";
import { isoOf, localTimeToEpochMs } from "./local-time";
import type { MappedEvent, MappingContext } from "./mapping-context";
import type { AnsweredQuery } from "./queries-by-response";

/**
 * One `response_facts` entry as a `response_completed`. vikingbot records no finish reason: an
 * answer with facts was delivered, so `stop` (its failures leave no facts to import).
 */
export function responseEventOf(
  facts: ResponseFacts,
  sessionKey: string,
  query: AnsweredQuery | undefined,
  context: MappingContext,
): MappedEvent | string {
  const occurredAtMs = localTimeToEpochMs(facts.created_at, context.timeZone);
  if (occurredAtMs === null)
    return `response_facts.${facts.response_id}: created_at ${JSON.stringify(facts.created_at)} is not a time`;
  const event: ResponseCompletedInput = {
    event_id: derivedId("vbr", [context.tenantId, sessionKey, "response_completed", facts.response_id]),
    event_type: "response_completed",
    schema_version: 1,
    tenant_id: context.tenantId,
    occurred_at: isoOf(occurredAtMs),
    response_id: facts.response_id,
    session_id: facts.session_id,
    user_id: facts.user_id,
    channel: facts.channel,
    model: context.model,
    provider: context.provider,
    ...(facts.session_type ? { session_type: facts.session_type } : {}),
    time_cost_ms: facts.time_cost_ms,
    prompt_tokens: facts.prompt_tokens,
    completion_tokens: facts.completion_tokens,
    ...(facts.total_tokens != null ? { total_tokens: Math.round(facts.total_tokens) } : {}),
    iteration_count: facts.iteration_count,
    finish_reason: "stop",
    tool_count: facts.tool_count,
    tools_used_names: facts.tools_used_names,
    response_length: facts.response_length,
    ...(query?.queryText != null ? { query_text: query.queryText } : {}),
    ...(query ? { turn_index: query.turnIndex } : {}),
  };
  return { event, occurredAtMs };
}
