import { queryRows, type Warehouse } from "../client";
import { currentResponsesSql } from "../facts/current-responses";
import { sqlSubquery, tenantCondition } from "../facts/sql-fragments";
import { sqlList } from "../sql/escape";
import type { LangfuseTenant } from "./config";
import { describeApiError, type LangfuseApi } from "./langfuse-api";
import { stableId } from "./score-ids";
import { recordSync, syncMarks } from "./sync-marks";

/** A score of Langfuse's score list, as the client types it. */
type ScoreV3 = Awaited<ReturnType<LangfuseApi["api"]["scoresV3"]["getManyV3"]>>["data"][number];

export interface PullOptions {
  collectorUrl: string;
  settleMs: number;
  /** Scores per page of the score list. */
  pageSize: number;
  now?: number;
}

export interface PullResult {
  tenantId: string;
  /** Scores read from Langfuse in the pass's time range. */
  read: number;
  /** Sent to the collector as feedback_submitted events (and accepted). */
  sent: number;
  /** Read but not sent: no response of the tenant has the score's trace, or the value is no thumb. */
  skipped: number;
  markMs: number;
}

/** A Langfuse user-feedback score as a rating (README: "Feedback pull"); null when it is no thumb. */
export function ratingOf(score: Pick<ScoreV3, "dataType" | "value">): "up" | "down" | null {
  if (score.dataType === "NUMERIC") return Number(score.value) > 0 ? "up" : "down";
  if (score.dataType === "BOOLEAN") return score.value === true ? "up" : "down";
  const text = String(score.value).trim().toLowerCase();
  if (["up", "thumbs_up", "thumbsup", "positive", "👍"].includes(text)) return "up";
  if (["down", "thumbs_down", "thumbsdown", "negative", "👎"].includes(text)) return "down";
  return null;
}

const traceOf = (score: ScoreV3): string | undefined => {
  const subject = score.subject as { kind?: string; id?: string; traceId?: string } | undefined;
  return subject?.kind === "trace" ? subject.id : subject?.kind === "observation" ? subject.traceId : undefined;
};

/**
 * One pull pass of one tenant: the project's scores with the configured names whose timestamp lies
 * in [mark, now - settle) are read page by page (`GET /api/public/v3/scores`), each attached to the
 * latest response of the tenant with the score's trace id, and sent to the collector as
 * `feedback_submitted` events by that response's owner. Event and client_feedback ids derive from
 * the score's id and its updatedAt, so a repeat of the pass (or of a page) is dropped by the
 * collector's event-id idempotency, and an update of the score in Langfuse is a later revision.
 * The mark moves to the range's end once every page is sent; a failure keeps it.
 */
export async function pullTenantFeedback(w: Warehouse, tenant: LangfuseTenant, api: LangfuseApi, options: PullOptions): Promise<PullResult> {
  const tenantId = tenant.tenant_id;
  const markMs = (await syncMarks(w, "pull", tenantId)).get(tenantId)?.markMs ?? 0;
  const upToMs = Math.trunc((options.now ?? Date.now()) - options.settleMs);
  const result: PullResult = { tenantId, read: 0, sent: 0, skipped: 0, markMs };
  if (tenant.pull_score_names.length === 0 || !tenant.ingest_key || upToMs <= markMs) return result;
  try {
    for (const name of tenant.pull_score_names) {
      let cursor: string | undefined;
      do {
        const page = await api.api.scoresV3
          .getManyV3({ name, fromTimestamp: new Date(markMs).toISOString(), toTimestamp: new Date(upToMs).toISOString(), limit: options.pageSize, cursor, fields: "subject,details" }, api.requestOptions)
          .catch((error: unknown) => {
            throw new Error(`Langfuse score list failed: ${describeApiError(error)}`);
          });
        result.read += page.data.length;
        const events = await feedbackEvents(w, tenantId, page.data);
        result.skipped += page.data.length - events.length;
        result.sent += await sendToCollector(options.collectorUrl, tenant.ingest_key.reveal(), events);
        cursor = page.meta.cursor ?? undefined;
      } while (cursor);
    }
    await recordSync(w, tenantId, "pull", { markMs: upToMs });
    result.markMs = upToMs;
    return result;
  } catch (error) {
    await recordSync(w, tenantId, "pull", { markMs, error, secrets: [tenant.secret_key.reveal(), tenant.ingest_key.reveal()] }).catch(() => undefined);
    throw error;
  }
}

/** The scores that are thumbs on a known trace, as feedback_submitted events. */
async function feedbackEvents(w: Warehouse, tenantId: string, scores: readonly ScoreV3[]): Promise<object[]> {
  const traces = [...new Set(scores.map(traceOf).filter((t): t is string => !!t))];
  if (traces.length === 0) return [];
  // The latest response of each trace (a trace normally holds one answer).
  const owners = await queryRows<{ trace_id: string; response_id: string; user_id: string; session_id: string }>(
    w,
    `SELECT trace_id, argMax(response_id, occurred_at_ms) AS response_id, argMax(user_id, occurred_at_ms) AS user_id, argMax(session_id, occurred_at_ms) AS session_id
     FROM (${currentResponsesSql(w, { tenantId, responseIds: sqlSubquery(`SELECT response_id FROM ${w.table("responses")} WHERE ${tenantCondition(tenantId)} AND trace_id IN ${sqlList(traces)}`) })})
     WHERE trace_id IN ${sqlList(traces)}
     GROUP BY trace_id`,
  );
  const byTrace = new Map(owners.map((o) => [o.trace_id, o]));
  return scores.flatMap((score) => {
    const owner = byTrace.get(traceOf(score) ?? "");
    const rating = ratingOf(score);
    if (!owner || !rating) return [];
    const version = stableId(tenantId, score.id, score.updatedAt);
    return [
      {
        event_id: `langfuse-${version}`,
        event_type: "feedback_submitted",
        schema_version: 1,
        tenant_id: tenantId,
        occurred_at: new Date(Date.parse(score.updatedAt)).toISOString(),
        client_feedback_id: `langfuse-${version}`,
        target_type: "chat_message",
        target_id: owner.response_id,
        user_id: owner.user_id,
        session_id: owner.session_id || undefined,
        rating,
        ...(score.comment ? { comment: score.comment } : {}),
      },
    ];
  });
}

/** POST /v1/events (api-v1.md: 202 with the accepted count): the way in of every producer. */
async function sendToCollector(collectorUrl: string, ingestKey: string, events: readonly object[]): Promise<number> {
  if (events.length === 0) return 0;
  const response = await fetch(new URL("v1/events", collectorUrl.endsWith("/") ? collectorUrl : `${collectorUrl}/`), {
    method: "POST",
    headers: { authorization: `Bearer ${ingestKey}`, "content-type": "application/json" },
    body: JSON.stringify(events),
  }).catch(() => {
    throw new Error("the collector did not answer");
  });
  if (response.status !== 202 && response.status !== 200) throw new Error(`the collector answered HTTP ${response.status}`);
  const answer = (await response.json()) as { accepted: number; rejected: { reason: string }[] };
  if (answer.rejected.length > 0) console.warn(`langfuse feedback pull: the collector rejected ${answer.rejected.length} event(s): ${[...new Set(answer.rejected.map((r) => r.reason))].join(", ")}`);
  return answer.accepted;
}
