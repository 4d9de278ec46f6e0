import { z } from "zod";
import type { EventType } from "../vocabulary";
import { externalOutcomeRecordedSchema } from "./external-outcome-recorded";
import { feedbackSubmittedSchema } from "./feedback-submitted";
import { responseCompletedSchema } from "./response-completed";
import { toolCallSchema } from "./tool-call";

/** The schema of each event kind, for dispatch on `event_type` without trying every kind. */
export const EVENT_SCHEMAS = {
  response_completed: responseCompletedSchema,
  tool_call: toolCallSchema,
  feedback_submitted: feedbackSubmittedSchema,
  external_outcome_recorded: externalOutcomeRecordedSchema,
} as const satisfies Record<EventType, z.ZodType>;

/** Any event of docs/events.md, told apart by `event_type`. */
export const eventSchema = z
  .discriminatedUnion("event_type", [
    responseCompletedSchema,
    toolCallSchema,
    feedbackSubmittedSchema,
    externalOutcomeRecordedSchema,
  ])
  .meta({ title: "Answerscope event, version 1", description: "One event as a producer sends it (docs/events.md)." });

export type EventInput = z.input<typeof eventSchema>;
/** The normalized event the pipeline stores. */
export type NormalizedEvent = z.output<typeof eventSchema>;
