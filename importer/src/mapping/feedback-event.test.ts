import { validateEvent } from "@answerscope/contracts";
import { describe, expect, it } from "vitest";
import { ratingFieldsOf } from "./feedback-event";

describe("ratingFieldsOf", () => {
  it("maps thumbs to ratings, whatever their score", () => {
    expect(ratingFieldsOf({ feedback_type: "thumb_up", feedback_score: null })).toEqual({ rating: "up" });
    expect(ratingFieldsOf({ feedback_type: "thumb_down", feedback_score: 1 })).toEqual({ rating: "down" });
  });

  it("sends a numeric rating as a score on -1..1, ends for scores beyond it", () => {
    const scale = { score_min: -1, score_max: 1 };
    expect(ratingFieldsOf({ feedback_type: "rating", feedback_score: 0 })).toEqual({ score: 0, ...scale });
    expect(ratingFieldsOf({ feedback_type: "rating", feedback_score: -0.5 })).toEqual({ score: -0.5, ...scale });
    expect(ratingFieldsOf({ feedback_type: "rating", feedback_score: 4 })).toEqual({ score: 1, ...scale });
    expect(ratingFieldsOf({ feedback_type: "rating", feedback_score: -2 })).toEqual({ score: -1, ...scale });
  });

  it("sends nothing for a rating without a number", () => {
    expect(ratingFieldsOf({ feedback_type: "rating", feedback_score: null })).toBeNull();
    expect(ratingFieldsOf({ feedback_type: "rating", feedback_score: Number.NaN })).toBeNull();
  });

  it.each([
    [-3, "down"],
    [-0.25, "down"],
    [0, "neutral"],
    [0.25, "up"],
    [7, "up"],
  ] as const)("score %d means %s to the contract, as vikingbot reads its sign", (score, rating) => {
    const fields = ratingFieldsOf({ feedback_type: "rating", feedback_score: score })!;
    const result = validateEvent({
      event_id: "e1",
      event_type: "feedback_submitted",
      schema_version: 1,
      tenant_id: "t",
      occurred_at: "2026-08-20T10:00:00Z",
      client_feedback_id: "c1",
      target_type: "chat_message",
      target_id: "r1",
      user_id: "u1",
      ...fields,
    });
    expect(result.ok && result.event.event_type === "feedback_submitted" && result.event.rating).toBe(rating);
  });
});
