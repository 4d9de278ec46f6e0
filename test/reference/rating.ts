// The rating a feedback action means (docs/events.md "Scored rating", contract 1.1), written
// independently of contracts/: the rating sent, or, for a score, where it lies against its
// scale's midpoint. validate.ts rejects the events on which the two disagree.
import type { FeedbackSubmittedEvent, Rating } from "./types";

/** The rating of an action: `rating` when given, else the score's side of (score_min + score_max) / 2. */
export function ratingOf(e: FeedbackSubmittedEvent): Rating {
  if (e.score === undefined || e.score_min === undefined || e.score_max === undefined) {
    if (e.rating === undefined) throw new Error(`feedback ${e.event_id} has neither a rating nor a score`);
    return e.rating;
  }
  const middle = (e.score_min + e.score_max) / 2;
  return e.score === middle ? "neutral" : e.score > middle ? "up" : "down";
}

/** The problems of an action's rating and score (empty when valid). */
export function ratingProblems(o: Record<string, unknown>): string[] {
  const given = (f: string) => o[f] !== undefined && o[f] !== null;
  const scoreFields = ["score", "score_min", "score_max"];
  for (const f of scoreFields)
    if (given(f) && (typeof o[f] !== "number" || !Number.isFinite(o[f]))) return [`${f} is not a number`];
  if (given("rating") && !["up", "down", "neutral", "cleared"].includes(o.rating as string)) return ["bad rating"];
  const present = scoreFields.filter(given);
  if (present.length === 0) return given("rating") ? [] : ["rating or score required"];
  if (present.length < 3) return ["score, score_min and score_max go together"];
  const [score, min, max] = scoreFields.map((f) => o[f] as number) as [number, number, number];
  if (!(min < max)) return ["score_min must be below score_max"];
  if (score < min || score > max) return ["score outside its scale"];
  if (given("rating") && o.rating !== ratingOf(o as unknown as FeedbackSubmittedEvent))
    return ["rating contradicts score"];
  return [];
}
