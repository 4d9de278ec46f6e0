// The closed vocabularies of docs/events.md. Each list is the single source for its zod enum,
// its TypeScript type and the JSON Schema `enum`, so adding a value happens in one place.

import { CURRENT_RATINGS } from "./vocabularies/ratings";

export const EVENT_TYPES = [
  "response_completed",
  "tool_call",
  "feedback_submitted",
  "external_outcome_recorded",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const FINISH_REASONS = ["stop", "max_iterations", "no_reply", "error", "length", "cancelled"] as const;
export type FinishReason = (typeof FINISH_REASONS)[number];

export const TOOL_STATUSES = ["started", "completed", "failed"] as const;
export type ToolStatus = (typeof TOOL_STATUSES)[number];

export const TARGET_TYPES = ["chat_message", "citation", "diagnostic_step", "diagnostic_report"] as const;
export type TargetType = (typeof TARGET_TYPES)[number];

/** A rating action: one of the current ratings (`neutral` since contract 1.1), or `cleared` to withdraw one. */
export const RATINGS = [...CURRENT_RATINGS, "cleared"] as const;
export type Rating = (typeof RATINGS)[number];

/** The value every absent optional dimension takes, so group-bys never meet an empty key. */
export const UNKNOWN = "unknown";

export function isEventType(value: unknown): value is EventType {
  return typeof value === "string" && (EVENT_TYPES as readonly string[]).includes(value);
}
