import type { Warehouse } from "../client";
import { storedRunOutcomes } from "../label-freshness/evaluator-runs";
import { FOLLOWUP_WINDOW_MS } from "../outcomes/label-rules";
import type { LangfuseTenant } from "./config";
import type { LangfuseApi } from "./langfuse-api";
import { outcomeEvent, outcomeScores, type LabelledResponse } from "./outcome-scores";
import { pendingOutcomes, type PageKey } from "./pending-outcomes";
import { recordSync, syncMarks } from "./sync-marks";
import { recordWrittenScores } from "./written-scores";

export interface WritebackOptions {
  /** Responses per ingestion request (each up to six scores and one event). */
  batchSize: number;
  latencyTargetMs: number;
}

export interface WritebackResult {
  tenantId: string;
  /** Responses whose verdict was sent. */
  responses: number;
  scores: number;
  /** Writes Langfuse refused for good (4xx): counted, logged by id, not retried. */
  rejected: number;
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
export async function writeBackTenant(w: Warehouse, tenant: LangfuseTenant, api: LangfuseApi, options: WritebackOptions): Promise<WritebackResult> {
  const tenantId = tenant.tenant_id;
  const markMs = (await syncMarks(w, "writeback", tenantId)).get(tenantId)?.markMs ?? 0;
  const upToMs = await labelsCompleteThroughMs(w, tenantId);
  const result: WritebackResult = { tenantId, responses: 0, scores: 0, rejected: 0, markMs };
  // Nothing new: still a success, so the status shows the write-back alive.
  if (upToMs <= markMs) {
    await recordSync(w, tenantId, "writeback", { markMs });
    return result;
  }
  try {
    let after: PageKey | undefined;
    for (;;) {
      const rows = await pendingOutcomes(w, { tenantId, afterMs: markMs, upToMs, after, limit: options.batchSize });
      if (rows.length === 0) break;
      await sendPage(w, tenantId, rows, api, options, result);
      const last = rows[rows.length - 1]!;
      after = { evaluatedAtMs: Number(last.evaluated_at_ms), responseId: last.response_id };
      if (rows.length < options.batchSize) break;
    }
    await recordSync(w, tenantId, "writeback", { markMs: upToMs });
    result.markMs = upToMs;
    return result;
  } catch (error) {
    await recordSync(w, tenantId, "writeback", { markMs, error, secrets: [tenant.secret_key.reveal()] }).catch(() => undefined);
    throw error;
  }
}

async function sendPage(w: Warehouse, tenantId: string, rows: readonly LabelledResponse[], api: LangfuseApi, options: WritebackOptions, result: WritebackResult): Promise<void> {
  const scores = rows.flatMap((row) => outcomeScores(tenantId, row, options.latencyTargetMs).map((score) => ({ ...score, responseId: row.response_id })));
  const events = rows.map((row) => outcomeEvent(tenantId, row, FOLLOWUP_WINDOW_MS));
  const { accepted, rejected } = await api.ingest(scores.map(({ responseId: _, ...score }) => score), events);
  if (rejected.length > 0) console.warn(`langfuse write-back: ${tenantId}: Langfuse refused ${rejected.length} write(s): ${rejected.map((r) => `${r.id} (${r.status})`).join(", ")}`);
  const written = scores.filter((score) => accepted.has(score.id));
  await recordWrittenScores(w, tenantId, written);
  result.responses += rows.length;
  result.scores += written.length;
  result.rejected += rejected.length;
}
