import type { FeedbackSubmittedInput } from "@answerscope/contracts";
import type { VikingbotFeedback } from "../vikingbot/records";
import { derivedId } from "./event-id";
import { isoOf, localTimeToEpochMs } from "./local-time";
import type { MappedEvent, MappingContext } from "./mapping-context";

/**
 * The scale a vikingbot `rating` is sent on. vikingbot keeps any number and reads only its sign
 * (neutral 0, below 0 negative, above positive: docs/vikingbot.md), and its own Langfuse score of a
 * rating is 1 / 0 / -1; -1..1 has its midpoint at 0, so the contract derives the same rating.
 */
export const VIKINGBOT_SCORE_SCALE = { score_min: -1, score_max: 1 } as const;

/** The fields of a vikingbot submission's rating: thumbs as ratings, a numeric rating as a score on -1..1 (beyond it, at its end), none without a number. */
export function ratingFieldsOf(
  entry: Pick<VikingbotFeedback, "feedback_type" | "feedback_score">,
): Pick<FeedbackSubmittedInput, "rating" | "score" | "score_min" | "score_max"> | null {
  if (entry.feedback_type === "thumb_up") return { rating: "up" };
  if (entry.feedback_type === "thumb_down") return { rating: "down" };
  const score = entry.feedback_score;
  if (score === null || Number.isNaN(score)) return null;
  const { score_min, score_max } = VIKINGBOT_SCORE_SCALE;
  return { score: Math.min(score_max, Math.max(score_min, score)), score_min, score_max };
}

export type FeedbackMapping =
  | { readonly kind: "event"; readonly mapped: MappedEvent }
  | { readonly kind: "unscored" }
  | { readonly kind: "problem"; readonly message: string };

/**
 * One `feedback_events` entry (at `position` in the list) as a `feedback_submitted` on the answer.
 * vikingbot stores no user when the request named none and the answer had no sender: the rater is
 * then the answer's owner (`answerOwner`), and without one the entry cannot be sent.
 */
export function feedbackEventOf(
  entry: VikingbotFeedback,
  position: number,
  sessionKey: string,
  context: MappingContext,
  answerOwner: string | null,
): FeedbackMapping {
  const rating = ratingFieldsOf(entry);
  // vikingbot's own rule reads a rating without a number as no feedback: nothing to send.
  if (rating === null) return { kind: "unscored" };
  const userId = entry.user_id ?? answerOwner;
  if (userId === null)
    return {
      kind: "problem",
      message: `feedback_events[${position}]: no user_id, and no answer ${JSON.stringify(entry.response_id)} in the file to take its owner from`,
    };
  const occurredAtMs = localTimeToEpochMs(entry.created_at, context.timeZone);
  if (occurredAtMs === null)
    return {
      kind: "problem",
      message: `feedback_events[${position}]: created_at ${JSON.stringify(entry.created_at)} is not a time`,
    };
  // The list only grows, so (session, position) names one submission for good; a resubmission is a
  // new position and thus a new action, as the contract wants for a revision.
  const idParts = [context.tenantId, sessionKey, "feedback_submitted", entry.response_id, position];
  const event: FeedbackSubmittedInput = {
    event_id: derivedId("vbf", idParts),
    event_type: "feedback_submitted",
    schema_version: 1,
    tenant_id: context.tenantId,
    occurred_at: isoOf(occurredAtMs),
    client_feedback_id: derivedId("vbfc", idParts),
    target_type: "chat_message",
    target_id: entry.response_id,
    user_id: userId,
    ...(entry.session_id ? { session_id: entry.session_id } : {}),
    ...rating,
    ...(entry.feedback_reason != null ? { reason: entry.feedback_reason } : {}),
    ...(entry.feedback_text != null ? { comment: entry.feedback_text } : {}),
  };
  return { kind: "event", mapped: { event, occurredAtMs } };
}
