import { describe, expect, it } from "vitest";
import { makeFeedback } from "../fixtures";
import { accept, reasonOf } from "../test-support";
import type { FeedbackSubmitted } from "./feedback-submitted";

const acceptFeedback = (overrides: Parameters<typeof makeFeedback>[0]) =>
  accept(makeFeedback(overrides)) as FeedbackSubmitted;

describe("feedback_submitted target rules", () => {
  it("requires subject_id for a citation", () => {
    expect(reasonOf(makeFeedback({ target_type: "citation" }))).toBe("missing_field:subject_id");
    expect(acceptFeedback({ target_type: "citation", subject_id: "cite_2" }).subject_id).toBe("cite_2");
  });

  it.each(["chat_message", "diagnostic_step", "diagnostic_report"] as const)(
    "rejects subject_id on %s",
    (targetType) => {
      expect(
        reasonOf(makeFeedback({ target_type: targetType, subject_id: "cite_1", diagnostic_task_id: "task_1" })),
      ).toBe("invalid_field:subject_id");
    },
  );

  it.each(["diagnostic_step", "diagnostic_report"] as const)("requires diagnostic_task_id for %s", (targetType) => {
    expect(reasonOf(makeFeedback({ target_type: targetType }))).toBe("missing_field:diagnostic_task_id");
    expect(acceptFeedback({ target_type: targetType, diagnostic_task_id: "task_1" }).diagnostic_task_id).toBe("task_1");
  });

  it("reads a null subject_id as absent", () => {
    expect(acceptFeedback({ target_type: "chat_message", subject_id: null }).subject_id).toBeNull();
  });

  it.each([
    ["subject_id", "s".repeat(161), "invalid_field:subject_id"],
    ["target_type", "answer", "invalid_field:target_type"],
    ["target_id", undefined, "missing_field:target_id"],
    ["client_feedback_id", "", "invalid_field:client_feedback_id"],
    ["rating", "meh", "invalid_field:rating"],
    ["rating", undefined, "missing_field:rating"],
    ["severity", 0, "invalid_field:severity"],
    ["severity", 6, "invalid_field:severity"],
    ["severity", 2.5, "invalid_field:severity"],
    ["severity", "3", "invalid_field:severity"],
    ["run_id", "r".repeat(129), "invalid_field:run_id"],
    ["comment", 12, "invalid_field:comment"],
  ])("%s = %j -> %s", (field, value, expected) => {
    expect(reasonOf({ ...makeFeedback({ target_type: "citation", subject_id: "cite_1" }), [field]: value })).toBe(
      expected,
    );
  });

  it.each([1, 5])("accepts severity %i", (severity) => {
    expect(acceptFeedback({ severity }).severity).toBe(severity);
  });
});

describe("feedback_submitted texts", () => {
  it("keeps the reason trimmed and maps it to a code", () => {
    expect(acceptFeedback({ reason: "  Not grounded " })).toMatchObject({
      reason: "Not grounded",
      reason_code: "not_grounded",
    });
    expect(acceptFeedback({ reason: "too-slow" })).toMatchObject({ reason: "too-slow", reason_code: "too_slow" });
    expect(acceptFeedback({ reason: "rude tone" })).toMatchObject({ reason: "rude tone", reason_code: "other" });
  });

  it("has no reason code without a reason", () => {
    expect(acceptFeedback({ reason: undefined })).toMatchObject({ reason: null, reason_code: null });
    expect(acceptFeedback({ reason: "   " })).toMatchObject({ reason: null, reason_code: null });
  });

  it("truncates the reason to 80 characters after trimming", () => {
    const event = acceptFeedback({ reason: `  ${"r".repeat(100)}` });
    expect(event.reason).toBe("r".repeat(80));
    expect(event.reason_code).toBe("other");
  });

  it("trims comment and correction, blank becoming null", () => {
    expect(acceptFeedback({ comment: "  wrong port  ", correction: "\n use 8080 \t" })).toMatchObject({
      comment: "wrong port",
      correction: "use 8080",
    });
    expect(acceptFeedback({ comment: " \n ", correction: "" })).toMatchObject({ comment: null, correction: null });
    expect(acceptFeedback({ comment: undefined, correction: null })).toMatchObject({ comment: null, correction: null });
  });

  it("truncates comment to 2000 and correction to 4000 characters", () => {
    const event = acceptFeedback({ comment: ` ${"c".repeat(2500)} `, correction: "d".repeat(4001) });
    expect(event.comment).toBe("c".repeat(2000));
    expect(event.correction).toBe("d".repeat(4000));
  });
});

describe("feedback_submitted content_hash", () => {
  const first = acceptFeedback({ reason: "incorrect", comment: "wrong port" });

  it("is a sha256 hex digest", () => {
    expect(first.content_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("is equal for a retry with another event_id and occurred_at", () => {
    const retry = acceptFeedback({
      event_id: "evt_feedback_retry",
      occurred_at: "2026-11-30T12:00:00+02:00",
      reason: "incorrect",
      comment: "wrong port",
    });
    expect(retry.event_id).not.toBe(first.event_id);
    expect(retry.occurred_at_ms).not.toBe(first.occurred_at_ms);
    expect(retry.content_hash).toBe(first.content_hash);
  });

  it("ignores unknown fields and whitespace the contract trims", () => {
    const same = accept({
      ...makeFeedback({ reason: " incorrect ", comment: "wrong port  " }),
      client_version: "2",
    }) as FeedbackSubmitted;
    expect(same.content_hash).toBe(first.content_hash);
  });

  it.each([
    ["rating", { rating: "down" }],
    ["reason", { reason: "incomplete" }],
    ["comment", { comment: "wrong host" }],
    ["no comment", { comment: undefined }],
    ["severity", { severity: 2 }],
    ["target_id", { target_id: "resp_2" }],
    ["user_id", { user_id: "user_2" }],
    ["client_feedback_id", { client_feedback_id: "fb_2" }],
    ["tenant_id", { tenant_id: "tenant_other" }],
  ] as const)("differs when %s changes", (_field, change) => {
    const changed = acceptFeedback({ reason: "incorrect", comment: "wrong port", ...change });
    expect(changed.content_hash).not.toBe(first.content_hash);
  });
});

describe("feedback_submitted scored rating (contract 1.1)", () => {
  const scored = (score: unknown, min: unknown, max: unknown, rating?: string) =>
    ({ ...makeFeedback({ rating: undefined }), score, score_min: min, score_max: max, rating }) as unknown;

  it.each([
    [-1, -1, 1, "down"],
    [-0.25, -1, 1, "down"],
    [0, -1, 1, "neutral"],
    [0.5, -1, 1, "up"],
    [1, 1, 5, "down"],
    [3, 1, 5, "neutral"],
    [4, 1, 5, "up"],
    [2.5, 1, 4, "neutral"],
    [5, 0, 10, "neutral"],
  ])("derives the rating of score %d on %d..%d: %s", (score, min, max, rating) => {
    expect(accept(scored(score, min, max))).toMatchObject({ score, score_min: min, score_max: max, rating });
  });

  it("accepts a rating that agrees with the score", () => {
    expect(accept(scored(0, -1, 1, "neutral"))).toMatchObject({ rating: "neutral", score: 0 });
    expect(accept(scored(5, 1, 5, "up"))).toMatchObject({ rating: "up", score: 5 });
  });

  it("keeps a v1 rating without a score as it was, its score fields null", () => {
    expect(acceptFeedback({ rating: "down" })).toMatchObject({
      rating: "down",
      score: null,
      score_min: null,
      score_max: null,
    });
    expect(acceptFeedback({ rating: "neutral" })).toMatchObject({ rating: "neutral", score: null });
  });

  it.each([
    ["no rating and no score", scored(undefined, undefined, undefined), "missing_field:rating"],
    ["a score without its scale", scored(3, undefined, undefined), "missing_field:score_min"],
    ["a score without score_max", scored(3, 1, null), "missing_field:score_max"],
    ["a scale without a score", scored(null, 1, 5), "missing_field:score"],
    ["score_min equal to score_max", scored(3, 3, 3), "invalid_field:score_max"],
    ["score_min above score_max", scored(3, 5, 1), "invalid_field:score_max"],
    ["a score below its scale", scored(0, 1, 5), "invalid_field:score"],
    ["a score above its scale", scored(1.5, -1, 1), "invalid_field:score"],
    ["a score as text", scored("3", 1, 5), "invalid_field:score"],
    ["a bound as text", scored(3, "1", 5), "invalid_field:score_min"],
    ["a rating contradicting the score", scored(2, 1, 5, "up"), "invalid_field:rating"],
    ["neutral contradicting the score", scored(1, -1, 1, "neutral"), "invalid_field:rating"],
    ["cleared with a score", scored(0, -1, 1, "cleared"), "invalid_field:rating"],
  ])("rejects %s: %s", (_name, event, reason) => {
    expect(reasonOf(event)).toBe(reason);
  });

  it("makes the score part of the content hash", () => {
    const first = accept(scored(4, 1, 5)) as FeedbackSubmitted;
    expect((accept(scored(5, 1, 5)) as FeedbackSubmitted).content_hash).not.toBe(first.content_hash);
    expect((accept(scored(4, 1, 6)) as FeedbackSubmitted).content_hash).not.toBe(first.content_hash);
    expect((accept(scored(4, 1, 5)) as FeedbackSubmitted).content_hash).toBe(first.content_hash);
  });
});
