import { makeFeedback, makeResponseCompleted } from "@answerscope/contracts";

export interface SliceTraffic {
  tenantId: string;
  model: string;
  provider: string;
  channel: string;
  /** How many answers, each rated by its user, spread evenly over [fromMs, toMs). */
  ratings: number;
  /** How many of those ratings are thumbs-down (spread evenly among them). */
  down: number;
  fromMs: number;
  toMs: number;
  /** Keeps ids unique between calls. */
  runId: string;
}

/**
 * Answers of one slice, each rated by the user who got it a minute later (the answer and its
 * rating are a response_completed and a feedback_submitted, as a bot would send them).
 */
export function ratedAnswers(slice: SliceTraffic): object[] {
  const events: object[] = [];
  const stepMs = (slice.toMs - slice.fromMs) / Math.max(slice.ratings, 1);
  for (let i = 0; i < slice.ratings; i++) {
    const atMs = Math.floor(slice.fromMs + i * stepMs);
    const id = `${slice.runId}-${slice.model}-${slice.channel}-${i}`;
    const user = `user-${id}`;
    // Spread the thumbs-down evenly: answer i is rated down when it crosses the next multiple.
    const down = Math.floor(((i + 1) * slice.down) / slice.ratings) > Math.floor((i * slice.down) / slice.ratings);
    const common = { tenant_id: slice.tenantId, session_id: `session-${id}`, user_id: user };
    events.push(
      makeResponseCompleted({
        ...common,
        event_id: `${id}-answer`,
        response_id: `response-${id}`,
        occurred_at: new Date(atMs).toISOString(),
        model: slice.model,
        provider: slice.provider,
        channel: slice.channel,
        time_cost_ms: 1500 + (i % 7) * 300,
      }),
      makeFeedback({
        ...common,
        event_id: `${id}-rating`,
        client_feedback_id: `rating-${id}`,
        target_id: `response-${id}`,
        occurred_at: new Date(Math.min(atMs + 60_000, slice.toMs - 1)).toISOString(),
        rating: down ? "down" : "up",
        ...(down ? { reason: "incorrect" } : {}),
      }),
    );
  }
  return events;
}
