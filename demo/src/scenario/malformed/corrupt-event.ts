import { messageKeyOf, type EventInput, type EventType, type RejectionReasonKind } from "@answerscope/contracts";
import type { SeededRandom } from "../../random/seeded-random";

// Malformed messages a real fleet of producers sends now and then. Each is built from a valid
// event, so it looks like traffic (right tenant, plausible fields) yet must be dead-lettered.

export const MALFORMED_DEFECTS = [
  "invalid_json",
  "missing_field",
  "wrong_type",
  "unsupported_schema_version",
  "unsupported_status",
] as const;
export type MalformedDefect = (typeof MALFORMED_DEFECTS)[number];

/** The kind of rejection reason the contract gives each defect (what the DLQ should count). */
export const REJECTION_KIND_OF_DEFECT = {
  invalid_json: "invalid_json",
  missing_field: "missing_field",
  wrong_type: "invalid_field",
  unsupported_schema_version: "unsupported_schema_version",
  unsupported_status: "invalid_field",
} as const satisfies Record<MalformedDefect, RejectionReasonKind>;

/** A required field a buggy producer forgets, per event kind. */
const DROPPABLE_FIELDS: Readonly<Record<EventType, readonly string[]>> = {
  response_completed: ["model", "user_id", "time_cost_ms", "finish_reason"],
  tool_call: ["tool_name", "tool_call_id", "user_id"],
  feedback_submitted: ["rating", "target_type", "user_id"],
  external_outcome_recorded: ["label", "source", "response_id"],
};

/** A field set to a value of the wrong type or range, per event kind. */
const WRONG_VALUES: Readonly<Record<EventType, readonly (readonly [string, unknown])[]>> = {
  response_completed: [
    ["time_cost_ms", "1.2s"],
    ["prompt_tokens", -5],
    ["tools_used_names", "web_search"],
    ["turn_index", 1.5],
  ],
  tool_call: [
    ["duration_ms", "250ms"],
    ["arguments", '{"query": "x"}'],
  ],
  feedback_submitted: [
    ["severity", 9],
    ["rating", "thumbs_up"],
  ],
  external_outcome_recorded: [
    ["source", "Viking Bot"],
    ["evidence", "reasked"],
  ],
};

export type CorruptedMessage = {
  readonly defect: MalformedDefect;
  readonly value: string;
  readonly key: string | null;
};

/** The defects that make sense for an event kind: only a tool call has a status to get wrong. */
const defectsFor = (eventType: EventType): readonly MalformedDefect[] =>
  eventType === "tool_call" ? MALFORMED_DEFECTS : MALFORMED_DEFECTS.filter((defect) => defect !== "unsupported_status");

/** A malformed copy of `event` (under a new event_id, so the dead-letter record is told apart). */
export function corruptEvent(event: EventInput, random: SeededRandom): CorruptedMessage {
  const defect = random.pick(defectsFor(event.event_type));
  const copy: Record<string, unknown> = { ...event, event_id: `${event.event_id}_malformed` };
  switch (defect) {
    case "invalid_json": {
      // A truncated write: any proper prefix of a JSON object is not JSON.
      const text = JSON.stringify(copy);
      const cut = Math.floor(text.length * (0.3 + 0.5 * random.next()));
      return { defect, value: text.slice(0, cut), key: messageKeyOf(event) };
    }
    case "missing_field":
      delete copy[random.pick(DROPPABLE_FIELDS[event.event_type])];
      break;
    case "wrong_type": {
      const [field, value] = random.pick(WRONG_VALUES[event.event_type]);
      copy[field] = value;
      break;
    }
    case "unsupported_schema_version":
      copy.schema_version = 2;
      break;
    case "unsupported_status":
      copy.status = "delta"; // streaming producers sometimes forward partial-output events
      break;
  }
  // The key follows the transport rule on what is actually sent: a dropped key field gives null.
  return { defect, value: JSON.stringify(copy), key: messageKeyOf(copy as EventInput) };
}
