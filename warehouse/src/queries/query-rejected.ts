import { redactPayload, redactSecrets } from "@answerscope/contracts";
import { z } from "zod";
import { queryRows, type Warehouse } from "../client";
import { feedbackConflictsSql } from "../facts/feedback-actions";
import { sqlValue } from "../sql/escape";
import { isoFromMs, orderedRange, rangeShape, TimestampSchema } from "./query-range";

/** docs/events.md: a reused client_feedback_id with other content is rejected as feedback_conflict. */
export const FEEDBACK_CONFLICT_REASON = "feedback_conflict";

/** Characters of a rejected payload shown in a listing: enough to see what was wrong, never a 16 KiB blob per row. */
export const REJECTED_PAYLOAD_PREVIEW_CHARS = 1000;

export const RejectedQuerySchema = z
  .object({
    ...rangeShape,
    /** Exact reasons (`invalid_field:time_cost_ms`) or reason kinds (`invalid_field` matches every `invalid_field:<path>`). */
    reasons: z.array(z.string().min(1).max(200)).max(100).default([]),
    limit: z.number().int().min(1).max(200).default(50),
  })
  .refine(...orderedRange);
export type RejectedQueryInput = z.input<typeof RejectedQuerySchema>;

export const RejectedEventSchema = z.object({
  received_at: TimestampSchema,
  reason: z.string(),
  message: z.string(),
  source: z.string(),
  event_id: z.string().nullable(),
  event_type: z.string().nullable(),
  payload: z.string().describe(`the start of the payload, at most ${REJECTED_PAYLOAD_PREVIEW_CHARS} characters`),
  payload_bytes: z.number().int(),
  payload_truncated: z.boolean(),
});

export const RejectedResultSchema = z.object({
  total: z
    .number()
    .int()
    .describe(
      "rejected events received in range (after the reason filter): dead-lettered deliveries and feedback_conflict events",
    ),
  counts: z
    .array(z.object({ reason: z.string(), count: z.number().int() }))
    .describe("per reason, most frequent first"),
  events: z.array(RejectedEventSchema).describe("newest first"),
});
export type RejectedResult = z.output<typeof RejectedResultSchema>;

interface RejectedRowOut {
  reason: string;
  received_ms: number;
  source: string;
  message: string;
  event_id: string;
  event_type: string;
  payload_preview: string;
  payload_bytes: number;
}

/**
 * One row per rejected delivery of the tenant received in range. rejected_events is a
 * ReplacingMergeTree keyed by (tenant, reason, dedup_key) whose merges may not have run yet,
 * so copies are collapsed here; the range applies to the surviving (latest) copy, which is why
 * only the lower bound prunes before grouping. Rejections without a tenant (unparseable JSON)
 * belong to no tenant and are not shown to any.
 */
function dedupedRejectionsSql(warehouse: Warehouse, query: RejectedQuery): string {
  const reasonMatch = query.reasons.length
    ? `AND (${query.reasons.map((reason) => `reason = ${sqlValue(reason)} OR startsWith(reason, ${sqlValue(`${reason}:`)})`).join(" OR ")})`
    : "";
  return `
    SELECT
      reason,
      dedup_key,
      max(received_at_ms) AS received_ms,
      argMax(source, received_at_ms) AS source,
      argMax(message, received_at_ms) AS message,
      argMax(event_id, received_at_ms) AS event_id,
      argMax(event_type, received_at_ms) AS event_type,
      argMax(payload, received_at_ms) AS full_payload,
      argMax(payload_bytes, received_at_ms) AS payload_bytes
    FROM ${warehouse.table("rejected_events")}
    WHERE tenant_id = ${sqlValue(query.tenantId)}
      AND received_at >= ${sqlValue(new Date(Math.floor(query.from / 1000) * 1000))}
      ${reasonMatch}
    GROUP BY reason, dedup_key
    HAVING received_ms >= ${sqlValue(query.from)} AND received_ms < ${sqlValue(query.to)}`;
}

type RejectedEvent = z.output<typeof RejectedEventSchema>;

const wantsReason = (query: RejectedQuery, reason: string) =>
  query.reasons.length === 0 || query.reasons.some((wanted) => reason === wanted || reason.startsWith(`${wanted}:`));

/**
 * The shown start of a payload, redacted again on read: rows stored before the sink redacted
 * them, and a conflicting feedback event's stored texts, pass the same redaction.
 */
function previewOf(
  payload: string,
  payloadBytes: number,
): Pick<RejectedEvent, "payload" | "payload_bytes" | "payload_truncated"> {
  const chars = [...redactPayload(payload)];
  const preview = chars.slice(0, REJECTED_PAYLOAD_PREVIEW_CHARS).join("");
  // The stored payload may itself be cut (REJECTED_PAYLOAD_MAX_CHARS); bytes tell the original size.
  return {
    payload: preview,
    payload_bytes: payloadBytes,
    payload_truncated: chars.length > REJECTED_PAYLOAD_PREVIEW_CHARS || Buffer.byteLength(preview) < payloadBytes,
  };
}

/** The dead-lettered deliveries: counts per reason and the newest `limit`. */
async function deadLetters(
  warehouse: Warehouse,
  query: RejectedQuery,
): Promise<{ counts: { reason: string; count: number }[]; events: RejectedEvent[] }> {
  const deduped = dedupedRejectionsSql(warehouse, query);
  const [counts, rows] = await Promise.all([
    queryRows<{ reason: string; count: number }>(
      warehouse,
      `SELECT reason, count() AS count FROM (${deduped}) GROUP BY reason`,
    ),
    queryRows<RejectedRowOut>(
      warehouse,
      `SELECT reason, received_ms, source, message, event_id, event_type, payload_bytes,
         substringUTF8(full_payload, 1, ${REJECTED_PAYLOAD_PREVIEW_CHARS + 1}) AS payload_preview
       FROM (${deduped})
       ORDER BY received_ms DESC, dedup_key DESC
       LIMIT ${query.limit}`,
    ),
  ]);
  return {
    counts: counts.map((row) => ({ reason: row.reason, count: Number(row.count) })),
    events: rows.map((row) => ({
      received_at: isoFromMs(Number(row.received_ms)),
      reason: row.reason,
      message: redactSecrets(row.message),
      source: row.source,
      event_id: row.event_id || null,
      event_type: row.event_type || null,
      ...previewOf(row.payload_preview, Number(row.payload_bytes)),
    })),
  };
}

interface ConflictRow {
  event_id: string;
  ingested_at_ms: number;
  first_event_id: string;
  [column: string]: unknown;
}

/** Stored fields of a conflicting feedback event, shown as its payload (the raw text is not kept for stored events). */
const CONFLICT_PAYLOAD_COLUMNS = [
  "event_id",
  "tenant_id",
  "client_feedback_id",
  "target_type",
  "target_id",
  "subject_id",
  "diagnostic_task_id",
  "user_id",
  "session_id",
  "run_id",
  "rating",
  "reason",
  "comment",
  "correction",
  "severity",
] as const;

/**
 * Feedback events rejected by the client_feedback_id rule. The rule is applied on read, over every
 * event of the user with that id, so conflicts are not rows of rejected_events; they are listed
 * here by the time they were received (ingested_at).
 */
async function feedbackConflicts(
  warehouse: Warehouse,
  query: RejectedQuery,
): Promise<{ counts: { reason: string; count: number }[]; events: RejectedEvent[] }> {
  if (!wantsReason(query, FEEDBACK_CONFLICT_REASON)) return { counts: [], events: [] };
  const received = `SELECT * FROM (${feedbackConflictsSql(warehouse, { tenantId: query.tenantId })})
    WHERE ingested_at_ms >= ${sqlValue(query.from)} AND ingested_at_ms < ${sqlValue(query.to)}`;
  const [count, rows] = await Promise.all([
    queryRows<{ n: number }>(warehouse, `SELECT count() AS n FROM (${received})`),
    queryRows<ConflictRow>(
      warehouse,
      `SELECT ${[...CONFLICT_PAYLOAD_COLUMNS, "ingested_at_ms", "first_event_id"].join(", ")} FROM (${received})
       ORDER BY ingested_at_ms DESC, event_id DESC LIMIT ${query.limit}`,
    ),
  ]);
  const n = Number(count[0]?.n ?? 0);
  return {
    counts: n > 0 ? [{ reason: FEEDBACK_CONFLICT_REASON, count: n }] : [],
    events: rows.map((row) => {
      const payload = JSON.stringify(
        Object.fromEntries(
          CONFLICT_PAYLOAD_COLUMNS.map((column) => [column, row[column]]).filter(
            ([, value]) => value !== "" && value !== 0,
          ),
        ),
      );
      return {
        received_at: isoFromMs(Number(row.ingested_at_ms)),
        reason: FEEDBACK_CONFLICT_REASON,
        message: `client_feedback_id ${String(row.client_feedback_id)} was first used by event ${row.first_event_id} with other content`,
        source: "feedback_rules",
        event_id: row.event_id,
        event_type: "feedback_submitted",
        ...previewOf(payload, Buffer.byteLength(payload)),
      };
    }),
  };
}

type RejectedQuery = z.output<typeof RejectedQuerySchema>;

/** GET /api/v1/rejected: what the tenant sent that was not counted, by reason, newest first. */
export async function queryRejected(warehouse: Warehouse, input: RejectedQueryInput): Promise<RejectedResult> {
  const query = RejectedQuerySchema.parse(input);
  const parts = await Promise.all([deadLetters(warehouse, query), feedbackConflicts(warehouse, query)]);
  const counts = parts
    .flatMap((part) => part.counts)
    .sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0));
  const events = parts
    .flatMap((part) => part.events)
    .sort((a, b) => (a.received_at < b.received_at ? 1 : a.received_at > b.received_at ? -1 : 0))
    .slice(0, query.limit);
  return { total: counts.reduce((sum, row) => sum + row.count, 0), counts, events };
}
