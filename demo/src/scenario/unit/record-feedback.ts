import type { FeedbackSubmittedInput } from "@answerscope/contracts";
import type { SeededRandom } from "../../random/seeded-random";
import type { EventBody, UnitRecorder } from "./unit-recorder";

/** One rating action minus the envelope and the idempotency id, which recordRating adds. */
export type RatingAction = Omit<EventBody<FeedbackSubmittedInput>, "event_type" | "client_feedback_id">;

/**
 * Records one rating action at `atMs` under a new client_feedback_id. Sometimes the client
 * retries it (a lost HTTP answer): the same client_feedback_id and content, a new event_id and a
 * later occurred_at, which the pipeline must count once.
 */
export function recordRating(recorder: UnitRecorder, random: SeededRandom, atMs: number, action: RatingAction): void {
  const body: EventBody<FeedbackSubmittedInput> = Object.assign(
    { event_type: "feedback_submitted" as const, client_feedback_id: recorder.idOf("cfb", recorder.events.length) },
    action,
  );
  recorder.record<FeedbackSubmittedInput>(atMs, body);
  if (random.chance(0.05)) recorder.record<FeedbackSubmittedInput>(atMs + random.int(800, 5000), body);
}

/**
 * After a first rating, some users change their mind (a revision with the opposite rating) or
 * withdraw it (`cleared`), each a new action with its own client_feedback_id.
 */
export function recordRevision(recorder: UnitRecorder, random: SeededRandom, atMs: number, first: RatingAction): void {
  const roll = random.next();
  if (roll < 0.07) {
    const rating = first.rating === "up" ? "down" : "up";
    const { reason: _reason, comment: _comment, correction: _correction, severity: _severity, ...target } = first;
    recordRating(recorder, random, atMs + random.int(60_000, 30 * 60_000), {
      ...target,
      rating,
      ...(rating === "down" ? { reason: "incorrect", comment: "Checked again, this is wrong." } : {}),
    });
  } else if (roll < 0.1) {
    const { reason: _reason, comment: _comment, correction: _correction, severity: _severity, ...target } = first;
    recordRating(recorder, random, atMs + random.int(30_000, 20 * 60_000), { ...target, rating: "cleared" });
  }
}
