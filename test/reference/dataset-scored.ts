// Named sessions for scored and neutral ratings (contract 1.1, docs/events.md "Scored rating"),
// drawn after every other event of the tenant, so adding them moved none. One answer each, rated
// by its owner (u-08), 20 minutes apart:
// - s-score-1: down, then neutral by a score at the midpoint of -1..1 (no rating sent);
// - s-score-2: up, then neutral by 3 of 1..5;
// - s-score-3: neutral as a plain rating;
// - s-score-4: 1 of 1..5 sent with its rating down; s-score-5: 0.5 of -1..1 (up, derived);
// - s-score-6: 2.5 of 1..4, its midpoint, sent with its rating neutral;
// - s-score-7: neutral, then cleared: no current rating;
// - s-score-8: neutral by a score, then a re-asking follow-up within the window (the re-ask wins);
// - s-score-9..20: neutral by a score of 0 on -1..1, enough for a slice's rates to pass 30 rated.
import type { Gen, SessionDims } from "./dataset";
import type { FeedbackSubmittedEvent } from "./types";

const SEC = 1000;
const MIN = 60 * SEC;
const USER = "u-08";
const DIMS: SessionDims = { model: ["claude-sonnet", "anthropic"], channel: "web", language: "en" };

type Rating = Pick<FeedbackSubmittedEvent, "rating" | "score" | "score_min" | "score_max">;
const score = (value: number, min: number, max: number, rating?: FeedbackSubmittedEvent["rating"]): Rating => ({
  rating,
  score: value,
  score_min: min,
  score_max: max,
});

/** One answer of session s-score-`id` at `t`, then its owner's ratings a minute apart; returns its id. */
function ratedAnswer(g: Gen, id: string, t: number, ratings: Rating[], followUp?: string): string {
  const response_id = `r-score-${id}`;
  const session_id = `s-score-${id}`;
  const answer = { t, session_id, user_id: USER, sessionDims: DIMS, model: DIMS.model, finish_reason: "stop" } as const;
  g.emit(g.response({ ...answer, response_id, turn: 0, query_text: "how do I rotate the keys?" }), t + SEC);
  ratings.forEach((rating, index) => {
    const at = t + (index + 1) * MIN;
    g.emit(
      g.feedbackEvent({ t: at, target_type: "chat_message", target_id: response_id, user_id: USER, ...rating }),
      at + SEC,
    );
  });
  if (followUp !== undefined) {
    const at = t + 5 * MIN;
    g.emit(
      g.response({ ...answer, t: at, response_id: `${response_id}-next`, turn: 1, query_text: followUp }),
      at + SEC,
    );
  }
  g.named.push(response_id);
  return response_id;
}

/** Emits the scored-rating sessions of one tenant, the first at `at`. */
export function scoredRatingSessions(g: Gen, at: number): void {
  const t = (k: number) => at + k * 20 * MIN;
  ratedAnswer(g, "1", t(0), [{ rating: "down" }, score(0, -1, 1)]);
  ratedAnswer(g, "2", t(1), [{ rating: "up" }, score(3, 1, 5)]);
  ratedAnswer(g, "3", t(2), [{ rating: "neutral" }]);
  ratedAnswer(g, "4", t(3), [score(1, 1, 5, "down")]);
  ratedAnswer(g, "5", t(4), [score(0.5, -1, 1)]);
  ratedAnswer(g, "6", t(5), [score(2.5, 1, 4, "neutral")]);
  ratedAnswer(g, "7", t(6), [{ rating: "neutral" }, { rating: "cleared" }]);
  ratedAnswer(g, "8", t(7), [score(0, -1, 1)], "that's wrong, try again");
  for (let k = 9; k <= 20; k++) ratedAnswer(g, String(k), t(k - 1), [score(0, -1, 1)]);
}
