import type { SeededRandom } from "../../random/seeded-random";
import {
  CORRECTIONS,
  DOWN_COMMENTS,
  QUALITY_REASONS,
  SLOW_REASONS,
  TOOL_FAILED_REASONS,
  UP_COMMENTS,
  UP_REASONS,
} from "../catalog/feedback-texts";
import { USERS_PER_TENANT } from "../catalog/dimensions";
import type { AnswerOutcome } from "./answer-turn";
import { recordRating, recordRevision, type RatingAction } from "./record-feedback";
import { userIdOf, type SessionSetup } from "./session-setup";
import type { UnitRecorder } from "./unit-recorder";

/** Probability that a user rates an answer at all; an API integration has no thumbs to click. */
const rateProbability = (setup: SessionSetup, answer: AnswerOutcome): number =>
  setup.channel === "openapi" ? 0.04 : answer.finishReason === "stop" ? 0.28 : 0.45;

function downDetails(random: SeededRandom, answer: AnswerOutcome): Partial<RatingAction> {
  const reason =
    answer.slow && random.chance(0.6)
      ? random.pick(SLOW_REASONS)
      : answer.toolFailed && random.chance(0.5)
        ? random.pick(TOOL_FAILED_REASONS)
        : random.weighted(QUALITY_REASONS);
  return {
    ...(random.chance(0.75) ? { reason } : {}),
    ...(random.chance(0.35) ? { comment: random.pick(DOWN_COMMENTS) } : {}),
    ...(random.chance(0.12) ? { correction: random.pick(CORRECTIONS) } : {}),
    ...(random.chance(0.2) ? { severity: random.int(3, 5) } : {}),
  };
}

function upDetails(random: SeededRandom): Partial<RatingAction> {
  return {
    ...(random.chance(0.1) ? { reason: random.pick(UP_REASONS) } : {}),
    ...(random.chance(0.1) ? { comment: random.pick(UP_COMMENTS) } : {}),
  };
}

/** The first thumbs on the message itself: what a bot that labels by feedback reads. */
export type MessageRating = { readonly up: boolean; readonly atMs: number };

/**
 * The user's ratings of one answer: maybe a thumbs up or down on the message (following the
 * hidden quality, with noise), maybe a rating of one of its citations.
 */
export function rateAnswer(
  recorder: UnitRecorder,
  random: SeededRandom,
  setup: SessionSetup,
  sessionId: string,
  answer: AnswerOutcome,
): MessageRating | null {
  let rating: MessageRating | null = null;
  if (random.chance(rateProbability(setup, answer))) {
    const up = answer.good ? random.chance(0.92) : random.chance(0.15);
    // In a group chat a colleague may rate someone else's answer: kept, but `forbidden` in metrics.
    const rater =
      setup.dimensions.chat_type === "group" && random.chance(0.05)
        ? userIdOf(recorder.tenantId, random.int(1, USERS_PER_TENANT))
        : setup.userId;
    const action: RatingAction = {
      target_type: "chat_message",
      target_id: answer.responseId,
      user_id: rater,
      session_id: sessionId,
      ...(random.chance(0.1) ? { run_id: answer.responseId.replace(/^resp_/, "run_") } : {}),
      rating: up ? "up" : "down",
      ...(up ? upDetails(random) : downDetails(random, answer)),
    };
    const atMs = answer.endMs + Math.round(Math.min(20 * 60_000, random.logNormal(40_000, 1)));
    recordRating(recorder, random, atMs, action);
    recordRevision(recorder, random, atMs, action);
    rating = { up, atMs };
  }

  if (answer.citationIds.length > 0 && random.chance(0.15)) {
    const grounded = answer.good ? random.chance(0.85) : random.chance(0.3);
    recordRating(recorder, random, answer.endMs + random.int(5_000, 5 * 60_000), {
      target_type: "citation",
      target_id: answer.responseId,
      subject_id: random.pick(answer.citationIds),
      user_id: setup.userId,
      session_id: sessionId,
      rating: grounded ? "up" : "down",
      ...(grounded ? {} : { reason: random.pick(["Not grounded", "irrelevant"]) }),
    });
  }
  return rating;
}
