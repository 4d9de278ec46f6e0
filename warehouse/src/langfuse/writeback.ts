import type { Warehouse } from "../client";
import { storedRunOutcomes } from "../label-freshness/evaluator-runs";
import { FOLLOWUP_WINDOW_MS } from "../outcomes/label-rules";
import { addCounts, countBy } from "../service-log";
import type { LangfuseTenant } from "./config";
import type { LangfuseApi } from "./langfuse-api";
import { outcomeEvent } from "./outcome-event";
import { outcomeScores, type LabelledResponse } from "./outcome-scores";
import { pendingOutcomes, type PageKey } from "./pending-outcomes";
import { recordSync, syncMarks } from "./sync-marks";
import { lastWrittenValues, recordWrittenScores } from "./written-scores";

export interface WritebackOptions {
  /** Responses per page: one OTLP request of their events, up to six score requests each. */
  batchSize: number;
  latencyTargetMs: number;
}

export interface WritebackResult {
  tenantId: string;
  /** Responses whose verdict was sent. */
  responses: number;
  /** Scores sent and accepted (a score whose value Langfuse already holds is not sent again). */
  scores: number;
  /** Outcome events Langfuse accepted. */
  events: number;
  /** Responses whose trace id OTLP cannot carry (README): their scores are sent, their event is not. */
  eventsSkipped: number;
  /** Writes Langfuse refused for good (4xx): counted, not retried. */
  rejected: number;
  /** Those refusals by HTTP status, for the process's log (ids stay out of it). */
  rejectedByStatus: Record<string, number>;
  markMs: number;
}

/** When the evaluator last finished a run for the tenant: its labels are complete up to there (0: never). */
export async function labelsCompleteThroughMs(w: Warehouse, tenantId: string): Promise<number> {
  const runs = await storedRunOutcomes(w, tenantId);
  return runs.find((run) => run.tenantId === tenantId && run.succeeded)?.atMs ?? 0;
}

/**
 * One write-back pass of one tenant: every response whose label row the evaluator wrote since the
 * tenant's mark, up to the end of the evaluator's last finished run (a run writes its rows with
 * evaluated_at_ms at its start and records its success afterwards at that same start time, so a
 * run in flight writes only later rows), is sent to Langfuse a page at a time; the mark moves once
 * every page is accepted, so a failure repeats the pass, and the stable ids make a repeat an
 * update. The pass records how it ended (sync-marks.ts) and rethrows a failure.
 */
export async function writeBackTenant(
  w: Warehouse,
  tenant: LangfuseTenant,
  api: LangfuseApi,
  options: WritebackOptions,
): Promise<WritebackResult> {
  const tenantId = tenant.tenant_id;
  const markMs = (await syncMarks(w, "writeback", tenantId)).get(tenantId)?.markMs ?? 0;
  const upToMs = await labelsCompleteThroughMs(w, tenantId);
  const result: WritebackResult = {
    tenantId,
    responses: 0,
    scores: 0,
    events: 0,
    eventsSkipped: 0,
    rejected: 0,
    rejectedByStatus: {},
    markMs,
  };
  // Nothing new: still a success, so the status shows the write-back alive.
  if (upToMs <= markMs) {
    await recordSync(w, tenantId, "writeback", { markMs });
    return result;
  }
  try {
    let after: PageKey | undefined;
    do {
      const page = await pendingOutcomes(w, { tenantId, afterMs: markMs, upToMs, after, limit: options.batchSize });
      if (page.rows.length > 0) await sendPage(w, tenantId, page.rows, api, options, result);
      after = page.next;
    } while (after);
    await recordSync(w, tenantId, "writeback", { markMs: upToMs });
    result.markMs = upToMs;
    return result;
  } catch (error) {
    await recordSync(w, tenantId, "writeback", { markMs, error, secrets: [tenant.secret_key.reveal()] }).catch(
      () => undefined,
    );
    throw error;
  }
}

async function sendPage(
  w: Warehouse,
  tenantId: string,
  rows: readonly LabelledResponse[],
  api: LangfuseApi,
  options: WritebackOptions,
  result: WritebackResult,
): Promise<void> {
  const written = await lastWrittenValues(
    w,
    tenantId,
    rows.map((row) => row.response_id),
  );
  // A score Langfuse already holds with this value is not sent again; the event always is (one request).
  const scores = rows.flatMap((row) =>
    outcomeScores(tenantId, row, options.latencyTargetMs)
      .filter((score) => written.get(score.id) !== score.value)
      .map((score) => ({ ...score, responseId: row.response_id })),
  );
  const events = rows.flatMap((row) => outcomeEvent(tenantId, row, FOLLOWUP_WINDOW_MS) ?? []);
  // Scores first: they are what Langfuse filters traces by; the events' request comes after them.
  const scoreOutcome = await api.writeScores(scores.map(({ responseId: _, ...score }) => score));
  // What Langfuse accepted is recorded even when the page then fails: the response detail shows it.
  const accepted = scores.filter((score) => scoreOutcome.accepted.has(score.id));
  await recordWrittenScores(w, tenantId, accepted);
  result.scores += accepted.length;
  if (scoreOutcome.failure) throw scoreOutcome.failure;
  const eventOutcome = await api.writeEvents(events);
  if (eventOutcome.failure) throw eventOutcome.failure;
  const rejected = [...scoreOutcome.rejected, ...eventOutcome.rejected];
  addCounts(
    result.rejectedByStatus,
    countBy(rejected, (r) => r.status),
  );
  result.responses += rows.length;
  result.events += eventOutcome.accepted.size;
  result.eventsSkipped += rows.length - events.length;
  result.rejected += rejected.length;
}
