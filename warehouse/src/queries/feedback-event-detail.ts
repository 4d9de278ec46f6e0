import { RATINGS, TARGET_TYPES } from "@answerscope/contracts";
import { z } from "zod";
import { queryRows, type Warehouse } from "../client";
import { VERIFICATION, verifyingResponsesSql } from "../facts/current-feedback";
import { currentResponsesSql } from "../facts/current-responses";
import { feedbackActionsSql } from "../facts/feedback-actions";
import type { IdSet } from "../facts/sql-fragments";
import { joinUsing } from "../sql/join";
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
  action: z
    .enum(FEEDBACK_ACTIONS)
    .describe(
      "accepted; retry (same client_feedback_id and content, collapsed); conflict (same client_feedback_id, other content: rejected as feedback_conflict)",
    ),
  revision: z
    .number()
    .int()
    .nullable()
    .describe(
      "0 for the first accepted action of this user on this target, 1.. for each revision; null for retries and conflicts",
    ),
  latest: z
    .boolean()
    .describe("the accepted action that decides this user's current rating of the target (cleared: no rating)"),
  verification: z
    .enum(VERIFICATION_STATUSES)
    .nullable()
    .describe("of this user's rating of the target; null when the user has no accepted action on it"),
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
  verification: string;
}

/** EventRow's columns as the rule's actions give them (verification is decided on them). */
const EVENT_COLUMNS = Object.keys({
  event_id: true,
  occurred_at_ms: true,
  client_feedback_id: true,
  target_type: true,
  target_id: true,
  subject_id: true,
  diagnostic_task_id: true,
  user_id: true,
  session_id: true,
  run_id: true,
  rating: true,
  reason: true,
  reason_code: true,
  comment: true,
  correction: true,
  severity: true,
  action: true,
} satisfies Record<Exclude<keyof EventRow, "verification">, true>);

/** A rating's identity (docs/events.md): one user's rating of one target (and citation subject). */
const keyOf = (row: { user_id: string; target_type: string; target_id: string; subject_id: string }) =>
  JSON.stringify([row.user_id, row.target_type, row.target_id, row.subject_id]);

/**
 * Every feedback event of the tenant on the targets `targetIds` selects, of the given target
 * types, oldest first, each with its action, its revision number and its key's verification.
 *
 * One read of the client_feedback_id rule: verification is decided on the events themselves,
 * against the current versions of their target responses, rather than by currentFeedbackSql,
 * which would compute the rule a second time for keys these events already hold.
 */
export async function feedbackEventDetails(
  warehouse: Warehouse,
  options: { tenantId: string; targetIds: IdSet; targetCondition: string },
): Promise<FeedbackEventDetail[]> {
  const { tenantId, targetIds, targetCondition } = options;
  const responses = currentResponsesSql(warehouse, { tenantId, responseIds: targetIds });
  const events = await queryRows<EventRow>(
    warehouse,
    `SELECT ${EVENT_COLUMNS.join(", ")}, ${VERIFICATION} AS verification
     FROM ${joinUsing(
       `SELECT ${EVENT_COLUMNS.join(", ")} FROM (${feedbackActionsSql(warehouse, { tenantId, targetIds })}) WHERE ${targetCondition}`,
       "ANY LEFT",
       verifyingResponsesSql(responses),
       ["target_id"],
     )}
     ORDER BY occurred_at_ms, event_id`,
  );
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
      // A key's verification; none when the user has no accepted action on the target.
      verification: accepted.length > 0 ? (event.verification as FeedbackEventDetail["verification"]) : null,
    };
  });
}
