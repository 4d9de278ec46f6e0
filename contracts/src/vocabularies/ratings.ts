// The ratings a user's current rating of a target can be (docs/events.md): `cleared` withdraws
// one and is no rating, so readers of ratings count exactly these. `neutral` (contract 1.1) is
// rated, neither up nor down: a score at its scale's midpoint.

export const CURRENT_RATINGS = ["up", "down", "neutral"] as const;
export type CurrentRating = (typeof CURRENT_RATINGS)[number];

/** A stored rating (a String column) that is a current rating: not `cleared`, not empty. */
export const isCurrentRating = (value: unknown): value is CurrentRating =>
  (CURRENT_RATINGS as readonly unknown[]).includes(value);
