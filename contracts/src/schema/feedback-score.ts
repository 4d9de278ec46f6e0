import { z } from "zod";
import type { Rating } from "../vocabulary";
import { fieldIssue } from "./rejection-issue";

// The scored rating of feedback_submitted (contract 1.1): a number on a scale the producer
// names with its bounds, as Langfuse keeps a numeric score with its config's min and max. The
// rating is derived from it, so every reader of ratings (up, down, neutral) counts a scored
// rating without knowing scales: above the scale's midpoint is up, below it down, at it neutral.

/** Optional finite number; absent or null becomes `null`. */
const optionalNumber = () =>
  z
    .number()
    .nullish()
    .transform((value) => value ?? null);

/** The score fields of feedback_submitted, in the order issues are reported. */
export const scoreShape = {
  score: optionalNumber().describe(
    "The user's score on the scale score_min..score_max; the rating is derived from it.",
  ),
  score_min: optionalNumber().describe("The lowest score of the scale; required with score."),
  score_max: optionalNumber().describe("The highest score of the scale, above score_min; required with score."),
};

export interface ScoreFields {
  score: number | null;
  score_min: number | null;
  score_max: number | null;
}

/** The rating a score means on its scale: its midpoint is neutral (0 on -1..1, 3 on 1..5). */
export function ratingOfScore(score: number, min: number, max: number): Exclude<Rating, "cleared"> {
  const neutral = (min + max) / 2;
  if (score > neutral) return "up";
  return score < neutral ? "down" : "neutral";
}

/**
 * The issues of a scored rating, first one first: a score needs both bounds, bounds need a
 * score, the scale must have width, the score must lie on it, and a rating sent with a score
 * must be the one the score means. Without a score a rating is required, as before 1.1.
 */
export function scoreIssues(event: ScoreFields & { rating: Rating | null }): z.core.$ZodRawIssue[] {
  const { score, score_min: min, score_max: max, rating } = event;
  if (score === null) {
    if (min !== null || max !== null)
      return [fieldIssue("missing_field", "score", "score_min and score_max need a score")];
    return rating === null ? [fieldIssue("missing_field", "rating", "rating is required without a score")] : [];
  }
  if (min === null) return [fieldIssue("missing_field", "score_min", "a score needs score_min")];
  if (max === null) return [fieldIssue("missing_field", "score_max", "a score needs score_max")];
  if (min >= max) return [fieldIssue("invalid_field", "score_max", `score_max ${max} must be above score_min ${min}`)];
  if (score < min || score > max)
    return [fieldIssue("invalid_field", "score", `score ${score} lies outside its scale ${min}..${max}`)];
  const derived = ratingOfScore(score, min, max);
  if (rating !== null && rating !== derived)
    return [
      fieldIssue(
        "invalid_field",
        "rating",
        `rating ${rating} contradicts score ${score} (${derived} on ${min}..${max})`,
      ),
    ];
  return [];
}

/**
 * A scored rating as JSON Schema can say it (the producer-facing file): a rating or a score,
 * and a score with both bounds. Width and range are checked by the pipeline only.
 */
export const SCORE_RULES_JSON_SCHEMA = [
  {
    anyOf: [
      { required: ["rating"], properties: { rating: { type: "string" } } },
      { required: ["score"], properties: { score: { type: "number" } } },
    ],
  },
  { dependentRequired: { score: ["score_min", "score_max"], score_min: ["score"], score_max: ["score"] } },
];
