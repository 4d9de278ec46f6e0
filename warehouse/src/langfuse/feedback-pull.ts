import { queryRows, type Warehouse } from "../client";
import { currentResponsesSql } from "../facts/current-responses";
import { sqlSubquery, tenantCondition } from "../facts/sql-fragments";
import { sqlList } from "../sql/escape";
import type { LangfuseTenant } from "./config";
import { describeApiError, type LangfuseApi } from "./langfuse-api";
import { stableId } from "./score-ids";
import { addCounts, countBy } from "../service-log";
import { recordSync, syncMarks } from "./sync-marks";

/** A score of Langfuse's score list, as the client types it. */
type ScoreV3 = Awaited<ReturnType<LangfuseApi["api"]["scoresV3"]["getManyV3"]>>["data"][number];

export interface PullOptions {
  collectorUrl: string;
  settleMs: number;
  /** How far before the mark the revisit re-reads scores for changes (0: no revisit). */
  revisitWindowMs: number;
  /** How often the revisit runs. */
  revisitIntervalMs: number;
  /** Scores per page of the score list. */
  pageSize: number;
  now?: number;
}

export interface PullResult {
  tenantId: string;
  /** Scores read from Langfuse in the pass's time range. */
  read: number;
  /** Scores re-read by the revisit (the window before the mark), when it ran. */
  revisited: number;
  /** Sent to the collector as feedback_submitted events (and accepted). */
  sent: number;
  /** Read but not sent: no response of the tenant has the score's trace, or the value is no thumb. */
  skipped: number;
  /** Events the collector refused, by reason, for the process's log. */
  collectorRejected: Record<string, number>;
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
 *
 * A score changed in Langfuse keeps its timestamp (a flipped thumb: same id, new value, new
 * updatedAt), and the score list filters by timestamp only. So every `revisitIntervalMs` the
 * revisit reads the `revisitWindowMs` before the mark again and sends the scores changed since
 * the previous revisit could see them (updatedAt after createdAt, and at or after its mark).
 */
export async function pullTenantFeedback(
  w: Warehouse,
  tenant: LangfuseTenant,
  api: LangfuseApi,
  options: PullOptions,
): Promise<PullResult> {
  const tenantId = tenant.tenant_id;
  const markMs = (await syncMarks(w, "pull", tenantId)).get(tenantId)?.markMs ?? 0;
  const now = Math.trunc(options.now ?? Date.now());
  const upToMs = now - options.settleMs;
  const result: PullResult = { tenantId, read: 0, revisited: 0, sent: 0, skipped: 0, collectorRejected: {}, markMs };
  const ingestKey = tenant.ingest_key;
  if (tenant.pull_score_names.length === 0 || !ingestKey) return result;
  const secrets = [tenant.secret_key.reveal(), ingestKey.reveal()];
  /** Runs one read, then records how it ended in `direction`: the mark it returns, or the error with `failedMark`. */
  const recorded = async (direction: "pull" | "pull-revisit", failedMark: number, read: () => Promise<number>) => {
    try {
      const mark = await read();
      await recordSync(w, tenantId, direction, { markMs: mark }, now);
      return mark;
    } catch (error) {
      await recordSync(w, tenantId, direction, { markMs: failedMark, error, secrets }, now).catch(() => undefined);
      throw error;
    }
  };
  const pages = (range: ScoreRange) =>
    pullRange(w, tenantId, tenant.pull_score_names, api, { ...options, ingestKey: ingestKey.reveal() }, range);

  if (upToMs > markMs) {
    result.markMs = await recorded("pull", markMs, async () => {
      const counts = await pages({ fromMs: markMs, toMs: upToMs });
      result.read += counts.read;
      add(result, counts);
      return upToMs;
    });
  }
  const revisit = (await syncMarks(w, "pull-revisit", tenantId)).get(tenantId);
  const due = now - (revisit?.lastSuccessAtMs ?? 0) >= options.revisitIntervalMs;
  if (result.markMs > 0 && options.revisitWindowMs > 0 && due) {
    const changedSinceMs = revisit?.markMs ?? 0;
    await recorded("pull-revisit", changedSinceMs, async () => {
      const counts = await pages({
        fromMs: Math.max(0, result.markMs - options.revisitWindowMs),
        toMs: result.markMs,
        changedSinceMs,
      });
      result.revisited += counts.read;
      add(result, counts);
      // Changes up to now - settle were visible to this read: the next revisit takes those after.
      return Math.max(changedSinceMs, upToMs);
    });
  }
  return result;
}

interface ScoreRange {
  fromMs: number;
  toMs: number;
  /** Revisit: only scores changed after their creation, at or after this updatedAt. */
  changedSinceMs?: number;
}

interface RangeCounts {
  read: number;
  sent: number;
  skipped: number;
  collectorRejected: Record<string, number>;
}

const add = (result: PullResult, counts: RangeCounts) => {
  result.sent += counts.sent;
  result.skipped += counts.skipped;
  addCounts(result.collectorRejected, counts.collectorRejected);
};

/** Reads the named scores whose timestamp is in [fromMs, toMs) page by page and sends the thumbs among them. */
async function pullRange(
  w: Warehouse,
  tenantId: string,
  names: readonly string[],
  api: LangfuseApi,
  options: PullOptions & { ingestKey: string },
  range: ScoreRange,
): Promise<RangeCounts> {
  const counts: RangeCounts = { read: 0, sent: 0, skipped: 0, collectorRejected: {} };
  const changed = (score: ScoreV3) =>
    range.changedSinceMs === undefined ||
    (Date.parse(score.updatedAt) > Date.parse(score.createdAt) && Date.parse(score.updatedAt) >= range.changedSinceMs);
  for (const name of names) {
    let cursor: string | undefined;
    do {
      const page = await api.api.scoresV3
        .getManyV3(
          {
            name,
            fromTimestamp: new Date(range.fromMs).toISOString(),
            toTimestamp: new Date(range.toMs).toISOString(),
            limit: options.pageSize,
            cursor,
            fields: "subject,details",
          },
          api.requestOptions,
        )
        .catch((error: unknown) => {
          throw new Error(`Langfuse score list failed: ${describeApiError(error)}`);
        });
      counts.read += page.data.length;
      const scores = page.data.filter(changed);
      const events = await feedbackEvents(w, tenantId, scores);
      counts.skipped += scores.length - events.length;
      const sent = await sendToCollector(options.collectorUrl, options.ingestKey, events);
      counts.sent += sent.accepted;
      addCounts(
        counts.collectorRejected,
        countBy(sent.rejected, (r) => r.reason),
      );
      cursor = page.meta.cursor ?? undefined;
    } while (cursor);
  }
  return counts;
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

/** POST /v1/events (docs/api.md: 202 with the accepted count): the way in of every producer. */
async function sendToCollector(
  collectorUrl: string,
  ingestKey: string,
  events: readonly object[],
): Promise<{ accepted: number; rejected: { reason: string }[] }> {
  if (events.length === 0) return { accepted: 0, rejected: [] };
  const response = await fetch(new URL("v1/events", collectorUrl.endsWith("/") ? collectorUrl : `${collectorUrl}/`), {
    method: "POST",
    headers: { authorization: `Bearer ${ingestKey}`, "content-type": "application/json" },
    body: JSON.stringify(events),
  }).catch(() => {
    throw new Error("the collector did not answer");
  });
  if (response.status !== 202 && response.status !== 200)
    throw new Error(`the collector answered HTTP ${response.status}`);
  return (await response.json()) as { accepted: number; rejected: { reason: string }[] };
}
