import { describe, expect, it } from "vitest";
import { ratingOf } from "./feedback-event";

describe("ratingOf", () => {
  it("maps thumbs directly and ratings by sign; zero and missing are neutral", () => {
    expect(ratingOf({ feedback_type: "thumb_up", feedback_score: null })).toBe("up");
    expect(ratingOf({ feedback_type: "thumb_down", feedback_score: 1 })).toBe("down");
    expect(ratingOf({ feedback_type: "rating", feedback_score: 4 })).toBe("up");
    expect(ratingOf({ feedback_type: "rating", feedback_score: -0.5 })).toBe("down");
    expect(ratingOf({ feedback_type: "rating", feedback_score: 0 })).toBeNull();
    expect(ratingOf({ feedback_type: "rating", feedback_score: null })).toBeNull();
  });
});
