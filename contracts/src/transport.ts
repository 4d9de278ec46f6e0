import type { EventInput } from "./schema/event";
import type { EventType } from "./vocabulary";

/** Default Kafka topics (docs/events.md, "Sending events"); deployments may configure others. */
export const DEFAULT_TOPICS = {
  response_completed: "answerscope.response_completed",
  tool_call: "answerscope.tool_call",
  feedback_submitted: "answerscope.feedback_submitted",
  external_outcome_recorded: "answerscope.external_outcome_recorded",
} as const satisfies Record<EventType, string>;

export const DEFAULT_DLQ_TOPIC = "answerscope.dlq";

/**
 * The Kafka message key of an event: everything that must be reduced together lands on one
 * partition (a session's answers and tool calls, a target's ratings). `null` when the event lacks
 * the field (an invalid event), which Kafka spreads round-robin.
 */
export function messageKeyOf(event: EventInput): string | null {
  switch (event.event_type) {
    case "response_completed":
      return event.session_id ?? null;
    case "tool_call":
      return event.session_id ?? event.diagnostic_task_id ?? null;
    case "feedback_submitted":
      return event.target_id ?? null;
    // By response, as ratings are by target: one response's labels are read in order.
    case "external_outcome_recorded":
      return event.response_id ?? null;
  }
}
