import { z } from "zod";
import { TEXT_LIMITS } from "../limits";
import { reasonCodeOf } from "../rules/reason-code";
import { RATINGS, TARGET_TYPES, type Rating, type TargetType } from "../vocabulary";
import { contentHashOf } from "./content-hash";
import { envelopeShape, withNormalizedTime } from "./envelope";
import { freeText, optionalIntInRange, optionalString, requiredString, trim } from "./fields";
import { redactSecrets } from "../redaction/redact-secrets";
import { fieldIssue } from "./rejection-issue";
import { ratingOfScore, SCORE_RULES_JSON_SCHEMA, scoreIssues, scoreShape } from "./feedback-score";

/** Users paste what they have into a comment, credentials included: kept only redacted. */
const trimAndRedact = (text: string): string => redactSecrets(text.trim());

const DIAGNOSTIC_TARGETS: readonly TargetType[] = ["diagnostic_step", "diagnostic_report"];

/**
 * A citation rating names the citation (`subject_id`); other targets must not carry one, since
 * `subject_id` is part of the current-rating key. Step and report ratings need their task.
 */
const TARGET_RULES_JSON_SCHEMA = {
  allOf: [
    {
      if: { properties: { target_type: { const: "citation" } }, required: ["target_type"] },
      then: { properties: { subject_id: { type: "string" } }, required: ["subject_id"] },
      else: { properties: { subject_id: { type: "null" } } },
    },
    {
      if: { properties: { target_type: { enum: DIAGNOSTIC_TARGETS } }, required: ["target_type"] },
      then: { properties: { diagnostic_task_id: { type: "string" } }, required: ["diagnostic_task_id"] },
    },
    ...SCORE_RULES_JSON_SCHEMA,
  ],
};

/** One user rating action on an answer, a citation, a diagnostic step or a report; a rating or a score (contract 1.1). */
export const feedbackSubmittedSchema = z
  .object({
    ...envelopeShape("feedback_submitted"),
    client_feedback_id: requiredString(128).describe("The client's idempotency id for this action; a retry reuses it."),
    target_type: z.enum(TARGET_TYPES),
    target_id: requiredString(128).describe("For chat_message and citation: the response_id."),
    subject_id: optionalString(160).describe("Required for citation (the citation id); absent otherwise."),
    diagnostic_task_id: optionalString(128).describe("Required for diagnostic_step and diagnostic_report."),
    user_id: requiredString(128).describe("Who rated."),
    session_id: optionalString(128),
    run_id: optionalString(128),
    rating: z
      .enum(RATINGS)
      .nullish()
      .transform((value) => value ?? null)
      .describe("Required without a score; cleared withdraws the user’s current rating of the target."),
    ...scoreShape,
    reason: freeText(TEXT_LIMITS.reason, { prepare: trim, blankIsNull: true }).describe(
      "Trimmed, truncated to 80 characters, mapped to reason_code.",
    ),
    comment: freeText(TEXT_LIMITS.comment, { prepare: trimAndRedact, blankIsNull: true }).describe(
      "Trimmed, secrets redacted, truncated to 2000 characters; blank becomes null.",
    ),
    correction: freeText(TEXT_LIMITS.correction, { prepare: trimAndRedact, blankIsNull: true }).describe(
      "Trimmed, secrets redacted, truncated to 4000 characters; blank becomes null.",
    ),
    severity: optionalIntInRange(1, 5).describe("1..5: how bad (or good) the user judged it."),
  })
  .superRefine((event, ctx) => {
    if (event.target_type === "citation" && event.subject_id === null) {
      ctx.addIssue(fieldIssue("missing_field", "subject_id", "subject_id is required for target_type citation"));
    }
    if (event.target_type !== "citation" && event.subject_id !== null) {
      ctx.addIssue(
        fieldIssue("invalid_field", "subject_id", `subject_id must be absent for target_type ${event.target_type}`),
      );
    }
    if (DIAGNOSTIC_TARGETS.includes(event.target_type) && event.diagnostic_task_id === null) {
      ctx.addIssue(
        fieldIssue(
          "missing_field",
          "diagnostic_task_id",
          `diagnostic_task_id is required for target_type ${event.target_type}`,
        ),
      );
    }
    for (const issue of scoreIssues(event)) ctx.addIssue(issue);
  })
  .meta({ title: "feedback_submitted", description: "One user rating action.", ...TARGET_RULES_JSON_SCHEMA })
  .transform((parsed) => {
    // Completed in place (withNormalizedTime says why); the hash covers everything but the delivery fields.
    const event = withNormalizedTime(parsed) as Omit<typeof parsed, "rating"> & {
      rating: Rating;
      occurred_at_ms: number;
      reason_code: ReturnType<typeof reasonCodeOf>;
      content_hash: string;
    };
    // The refinement guarantees a rating or a valid score: the rating a score means fills it in.
    event.rating = parsed.rating ?? ratingOfScore(parsed.score!, parsed.score_min!, parsed.score_max!);
    event.reason_code = reasonCodeOf(parsed.reason);
    event.content_hash = contentHashOf(event);
    return event;
  });

export type FeedbackSubmittedInput = z.input<typeof feedbackSubmittedSchema>;
export type FeedbackSubmitted = z.output<typeof feedbackSubmittedSchema>;
