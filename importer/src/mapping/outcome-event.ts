import type { ExternalOutcomeRecordedInput } from "@answerscope/contracts";
import type { VikingbotOutcome } from "../vikingbot/records";
import { derivedId } from "./event-id";
import { isoOf, localTimeToEpochMs } from "./local-time";
import type { MappedEvent, MappingContext } from "./mapping-context";

/** The `source` of every label this importer sends. */
export const VIKINGBOT_SOURCE = "vikingbot";

type Evidence = NonNullable<ExternalOutcomeRecordedInput["evidence"]>;

/**
 * What vikingbot recorded about why, as one flat object: its flags and counts beside the label
 * and the evidence it read. Absent and null values are left out, so the stored text is short.
 */
export function evidenceOf(entry: VikingbotOutcome): Evidence {
  const values: Record<string, Evidence[string] | undefined> = {
    resolved_in_one_turn: entry.resolved_in_one_turn,
    reask_within_10m: entry.reask_within_10m,
    clarification_turns: entry.clarification_turns,
    follow_up_without_feedback: entry.follow_up_without_feedback,
    feedback_type: entry.evidence?.feedback_type,
    feedback_score: entry.evidence?.feedback_score,
    user_follow_up_count: entry.evidence?.user_follow_up_count,
    assistant_index: entry.evidence?.assistant_index,
  };
  const evidence: Evidence = {};
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== null) evidence[key] = value;
  return evidence;
}

/**
 * One `response_outcomes` entry as an `external_outcome_recorded`, at the time vikingbot evaluated
 * it. The id is derived from the label and that time: an unchanged entry is the same event on every
 * import, while a re-evaluation (a new `evaluated_at`) is a new event that wins by its later time.
 */
export function outcomeEventOf(
  responseId: string,
  entry: VikingbotOutcome,
  sessionKey: string,
  context: MappingContext,
): MappedEvent | string {
  const occurredAtMs = localTimeToEpochMs(entry.evaluated_at, context.timeZone);
  if (occurredAtMs === null)
    return `response_outcomes.${responseId}: evaluated_at ${JSON.stringify(entry.evaluated_at)} is not a time`;
  const event: ExternalOutcomeRecordedInput = {
    event_id: derivedId("vbo", [
      context.tenantId,
      sessionKey,
      "external_outcome_recorded",
      responseId,
      entry.evaluated_at,
      entry.outcome_label,
    ]),
    event_type: "external_outcome_recorded",
    schema_version: 1,
    tenant_id: context.tenantId,
    occurred_at: isoOf(occurredAtMs),
    response_id: responseId,
    source: VIKINGBOT_SOURCE,
    label: entry.outcome_label,
    evidence: evidenceOf(entry),
  };
  return { event, occurredAtMs };
}
