import { queryRows, type Warehouse } from "../client";
import { tenantCondition } from "../facts/sql-fragments";
import { insertRows } from "../insert-rows";
import { sqlValue } from "../sql/escape";
import type { JudgeCallResult } from "./chat-endpoint";
import { JUDGE_SCORE_NAMES, type JudgedText } from "./prompt";
import { sampledCondition } from "./sample";

/** The tables of migration 0021. */
const TEXTS_TABLE = "response_texts";
const SCORES_TABLE = "judge_scores";

const DAY_MS = 86_400_000;

/** The judge's calls for a tenant since the start of the UTC day of `nowMs`: what its daily budget is spent on. */
export async function callsToday(w: Warehouse, tenantId: string, nowMs: number): Promise<number> {
  const [row] = await queryRows<{ calls: number }>(
    w,
    `SELECT count() AS calls FROM ${w.table(SCORES_TABLE)}
     WHERE ${tenantCondition(tenantId)} AND judged_at_ms >= ${sqlValue(nowMs - (nowMs % DAY_MS))}`,
  );
  return Number(row?.calls ?? 0);
}

/** The tenants with stored texts: the only ones the judge could judge. */
export async function tenantsWithTexts(w: Warehouse): Promise<string[]> {
  const rows = await queryRows<{ tenant_id: string }>(
    w,
    `SELECT DISTINCT tenant_id FROM ${w.table(TEXTS_TABLE)} ORDER BY tenant_id`,
  );
  return rows.map((row) => row.tenant_id);
}

export interface Candidate extends JudgedText {
  response_id: string;
  occurred_at_ms: number;
}

/**
 * Up to `limit` answers of a tenant to judge, oldest first: sampled (sample.ts), with a text since
 * `sinceMs`, and no judge row yet (a response is judged once; an error is not retried). Each
 * response's latest text version.
 */
export async function unjudgedSample(
  w: Warehouse,
  tenantId: string,
  options: { rate: number; sinceMs: number; limit: number },
): Promise<Candidate[]> {
  const tenant = tenantCondition(tenantId);
  const rows = await queryRows<Candidate>(
    w,
    `SELECT response_id, occurred_at_ms, question_text, question_truncated, answer_text, answer_truncated FROM (
       SELECT response_id, occurred_at_ms, event_id, question_text, question_truncated, answer_text, answer_truncated
       FROM ${w.table(TEXTS_TABLE)}
       WHERE ${tenant} AND occurred_at_ms >= ${sqlValue(options.sinceMs)} AND ${sampledCondition(options.rate)}
         AND response_id NOT IN (SELECT response_id FROM ${w.table(SCORES_TABLE)} WHERE ${tenant})
       ORDER BY response_id, occurred_at_ms DESC, event_id DESC
       LIMIT 1 BY response_id
     ) AS latest
     ORDER BY occurred_at_ms, response_id
     LIMIT ${sqlValue(options.limit)}`,
  );
  return rows.map((row) => ({
    ...row,
    occurred_at_ms: Number(row.occurred_at_ms),
    question_truncated: Number(row.question_truncated),
    answer_truncated: Number(row.answer_truncated),
  }));
}

/** One judge row per call: the scores, or the error with every score 0 (never a score). */
export async function recordJudgement(
  w: Warehouse,
  tenantId: string,
  candidate: Pick<Candidate, "response_id" | "occurred_at_ms">,
  judge: { model: string; promptVersion: string; judgedAtMs: number },
  result: JudgeCallResult,
): Promise<void> {
  await insertRows(w, SCORES_TABLE, [
    {
      tenant_id: tenantId,
      response_id: candidate.response_id,
      occurred_at: Math.floor(candidate.occurred_at_ms / 1000),
      judged_at_ms: judge.judgedAtMs,
      model: judge.model,
      prompt_version: judge.promptVersion,
      status: result.ok ? "ok" : "error",
      error_kind: result.ok ? "" : result.error,
      ...Object.fromEntries(JUDGE_SCORE_NAMES.map((name) => [name, result.ok ? result.scores[name] : 0])),
    },
  ]);
}
