import type { FeedbackSubmittedInput, Rating } from "@answerscope/contracts";
import type { VikingbotFeedback } from "../vikingbot/records";
import { derivedId } from "./event-id";
import { isoOf, localTimeToEpochMs } from "./local-time";
import type { MappedEvent, MappingContext } from "./mapping-context";

/**
 * The contract's rating of a vikingbot submission: thumbs map directly, a numeric rating by its
 * sign. A zero or missing score is neutral, which the contract cannot express: null (not sent).
 */
export function ratingOf(
  entry: Pick<VikingbotFeedback, "feedback_type" | "feedback_score">,
): Exclude<Rating, "cleared"> | null {
  if (entry.feedback_type === "thumb_up") return "up";
  if (entry.feedback_type === "thumb_down") return "down";
  const score = entry.feedback_score;
  if (score === null || score === 0 || Number.isNaN(score)) return null;
  return score > 0 ? "up" : "down";
}

export type FeedbackMapping =
  | { readonly kind: "event"; readonly mapped: MappedEvent }
  | { readonly kind: "neutral" }
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
  const rating = ratingOf(entry);
  if (rating === null) return { kind: "neutral" };
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
    rating,
    ...(entry.feedback_reason != null ? { reason: entry.feedback_reason } : {}),
    ...(entry.feedback_text != null ? { comment: entry.feedback_text } : {}),
  };
  return { kind: "event", mapped: { event, occurredAtMs } };
}
