import type { ExternalOutcomeRecordedInput } from "@answerscope/contracts";
import type { AnswerOutcome } from "./answer-turn";
import type { MessageRating } from "./rate-answer";
import type { UnitRecorder } from "./unit-recorder";

/** An answer with what vikingbot's evaluator reads: the thumbs on it and when the user wrote next. */
export type LabelledAnswer = {
  readonly answer: AnswerOutcome;
  readonly rating: MessageRating | null;
  nextMessageMs: number | null;
};

/** vikingbot's follow-up window (the same 10 minutes as Answerscope's). */
const FOLLOW_UP_WINDOW_MS = 10 * 60_000;

/**
 * The label vikingbot's own rule gives an answer, and when (docs/vikingbot.md, "Comparing vikingbot's labels with Answerscope's"): the
 * feedback first (positive_feedback / negative_feedback, when the rating comes), else the user's
 * next message (reasked inside the window, follow_up_without_feedback after it), else resolved
 * once the window has closed. The rules differ from Answerscope's on purpose, so the Label
 * agreement view has real disagreements to show, not only a diagonal.
 */
export function vikingbotLabelOf({ answer, rating, nextMessageMs }: LabelledAnswer): { label: string; atMs: number } {
  if (rating) return { label: rating.up ? "positive_feedback" : "negative_feedback", atMs: rating.atMs };
  if (nextMessageMs !== null)
    return {
      label: nextMessageMs - answer.endMs <= FOLLOW_UP_WINDOW_MS ? "reasked" : "follow_up_without_feedback",
      atMs: nextMessageMs,
    };
  return { label: "resolved", atMs: answer.endMs + FOLLOW_UP_WINDOW_MS };
}

/** Records vikingbot's label of one answer as the importer would send it (source vikingbot, its evidence). */
export function recordVikingbotLabel(recorder: UnitRecorder, labelled: LabelledAnswer): void {
  const { label, atMs } = vikingbotLabelOf(labelled);
  recorder.record<ExternalOutcomeRecordedInput>(atMs, {
    event_type: "external_outcome_recorded",
    response_id: labelled.answer.responseId,
    source: "vikingbot",
    label,
    evidence: {
      feedback_type: labelled.rating ? (labelled.rating.up ? "thumb_up" : "thumb_down") : null,
      feedback_score: labelled.rating ? (labelled.rating.up ? 1 : -1) : 0,
      user_follow_up_count: labelled.nextMessageMs === null ? 0 : 1,
    },
  });
}
