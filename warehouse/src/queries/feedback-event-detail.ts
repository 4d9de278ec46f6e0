import { RATINGS, TARGET_TYPES } from "@answerscope/contracts";
import { z } from "zod";
import { queryRows, type Warehouse } from "../client";
import { currentFeedbackSql } from "../facts/current-feedback";
import { feedbackActionsSql } from "../facts/feedback-actions";
import type { IdSet } from "../facts/sql-fragments";
import { isoFromMs, TimestampSchema } from "./query-range";

export const FEEDBACK_ACTIONS = ["accepted", "retry", "conflict"] as const;
const VERIFICATION_STATUSES = ["verified", "unverified", "forbidden"] as const;

/** One feedback event as stored, with what the feedback rules made of it. */
export const FeedbackEventDetailSchema = z.object({
  event_id: z.string(),
  occurred_at: TimestampSchema,
  client_feedback_id: z.string(),
  target_type: z.enum(TARGET_TYPES),
  target_id: z.string(),
  subject_id: z.string().nullable(),
  diagnostic_task_id: z.string().nullable(),
  user_id: z.string(),
  session_id: z.string().nullable(),
  run_id: z.string().nullable(),
  rating: z.enum(RATINGS),
  reason: z.string().nullable(),
  reason_code: z.string().nullable(),
  comment: z.string().nullable(),
  correction: z.string().nullable(),
  severity: z.number().int().nullable(),
  action: z.enum(FEEDBACK_ACTIONS).describe("accepted; retry (same client_feedback_id and content, collapsed); conflict (same client_feedback_id, other content: rejected as feedback_conflict)"),
  revision: z.number().int().nullable().describe("0 for the first accepted action of this user on this target, 1.. for each revision; null for retries and conflicts"),
  latest: z.boolean().describe("the accepted action that decides this user's current rating of the target (cleared: no rating)"),
  verification: z.enum(VERIFICATION_STATUSES).nullable().describe("of this user's rating of the target; null when the user has no accepted action on it"),
});
export type FeedbackEventDetail = z.output<typeof FeedbackEventDetailSchema>;

interface EventRow {
  event_id: string;
  occurred_at_ms: number;
  client_feedback_id: string;
  target_type: string;
  target_id: string;
  subject_id: string;
  diagnostic_task_id: string;
  user_id: string;
  session_id: string;
  run_id: string;
  rating: string;
  reason: string;
  reason_code: string;
  comment: string;
  correction: string;
  severity: number;
  action: string;
}

interface KeyRow {
  user_id: string;
  target_type: string;
  target_id: string;
  subject_id: string;
  verification: string;
}

/** A rating's identity (events-v1.md): one user's rating of one target (and citation subject). */
const keyOf = (row: { user_id: string; target_type: string; target_id: string; subject_id: string }) => JSON.stringify([row.user_id, row.target_type, row.target_id, row.subject_id]);

/**
 * Every feedback event of the tenant on the targets `targetIds` selects, of the given target
 * types, oldest first, each with its action, its revision number and its key's verification.
 */
export async function feedbackEventDetails(
  warehouse: Warehouse,
  options: { tenantId: string; targetIds: IdSet; targetCondition: string },
): Promise<FeedbackEventDetail[]> {
  const { tenantId, targetIds, targetCondition } = options;
  const [events, keys] = await Promise.all([
    queryRows<EventRow>(
      warehouse,
      `SELECT event_id, occurred_at_ms, client_feedback_id, target_type, target_id, subject_id, diagnostic_task_id, user_id, session_id, run_id,
         rating, reason, reason_code, comment, correction, severity, action
       FROM (${feedbackActionsSql(warehouse, { tenantId, targetIds })})
       WHERE ${targetCondition}
       ORDER BY occurred_at_ms, event_id`,
    ),
    queryRows<KeyRow>(
      warehouse,
      `SELECT user_id, target_type, target_id, subject_id, verification FROM (${currentFeedbackSql(warehouse, { tenantId, targetIds })}) WHERE ${targetCondition}`,
    ),
  ]);
  const verificationOf = new Map(keys.map((key) => [keyOf(key), key.verification as FeedbackEventDetail["verification"]]));
  // Revisions are counted in (occurred_at, event_id) order among accepted actions: the order the rules decide by.
  const acceptedByKey = new Map<string, EventRow[]>();
  for (const event of events) {
    if (event.action !== "accepted") continue;
    const list = acceptedByKey.get(keyOf(event)) ?? [];
    list.push(event);
    acceptedByKey.set(keyOf(event), list);
  }
  const text = (value: string) => value || null;
  return events.map((event) => {
    const accepted = acceptedByKey.get(keyOf(event)) ?? [];
    const revision = event.action === "accepted" ? accepted.indexOf(event) : -1;
    return {
      event_id: event.event_id,
      occurred_at: isoFromMs(Number(event.occurred_at_ms)),
      client_feedback_id: event.client_feedback_id,
      target_type: event.target_type as FeedbackEventDetail["target_type"],
      target_id: event.target_id,
      subject_id: text(event.subject_id),
      diagnostic_task_id: text(event.diagnostic_task_id),
      user_id: event.user_id,
      session_id: text(event.session_id),
      run_id: text(event.run_id),
      rating: event.rating as FeedbackEventDetail["rating"],
      reason: text(event.reason),
      reason_code: text(event.reason_code),
      comment: text(event.comment),
      correction: text(event.correction),
      // 0 is the fact table's "absent" (severity is 1..5).
      severity: Number(event.severity) > 0 ? Number(event.severity) : null,
      action: event.action as FeedbackEventDetail["action"],
      revision: revision >= 0 ? revision : null,
      latest: revision >= 0 && revision === accepted.length - 1,
      verification: verificationOf.get(keyOf(event)) ?? null,
    };
  });
}
