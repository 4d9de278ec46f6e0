import type { Warehouse } from "../client";
import { callJudge, type ChatEndpoint } from "./chat-endpoint";
import type { JudgeMetrics } from "./judge-metrics";
import { callsToday, recordJudgement, unjudgedSample } from "./judge-rows";
import { JUDGE_PROMPT_VERSION } from "./prompt";

export interface JudgePassOptions {
  endpoint: ChatEndpoint;
  rate: number;
  dailyBudget: number;
  lookbackMs: number;
  metrics: JudgeMetrics;
  now?: () => number;
}

export interface JudgePassResult {
  tenantId: string;
  scored: number;
  errors: number;
  /** Whether the daily budget stopped the pass (spent before it, or by it). */
  budgetSpent: boolean;
}

/**
 * One pass over one tenant: as many sampled, unjudged answers as its budget for the day still
 * allows (the calls already stored today counted, so a restart goes on counting), judged one at a
 * time, each call stored as its scores or its error.
 */
export async function judgeTenant(w: Warehouse, tenantId: string, options: JudgePassOptions): Promise<JudgePassResult> {
  const now = options.now ?? Date.now;
  const result: JudgePassResult = { tenantId, scored: 0, errors: 0, budgetSpent: false };
  const remaining = options.dailyBudget - (await callsToday(w, tenantId, now()));
  if (remaining <= 0) {
    options.metrics.budgetStops.inc();
    return { ...result, budgetSpent: true };
  }
  const candidates = await unjudgedSample(w, tenantId, {
    rate: options.rate,
    sinceMs: now() - options.lookbackMs,
    limit: remaining,
  });
  for (const candidate of candidates) {
    const outcome = await callJudge(options.endpoint, candidate);
    await recordJudgement(
      w,
      tenantId,
      candidate,
      { model: options.endpoint.model, promptVersion: JUDGE_PROMPT_VERSION, judgedAtMs: now() },
      outcome,
    );
    options.metrics.calls.inc({ outcome: outcome.ok ? "scored" : outcome.error });
    if (outcome.ok) result.scored += 1;
    else result.errors += 1;
  }
  if (candidates.length === remaining) {
    options.metrics.budgetStops.inc();
    result.budgetSpent = true;
  }
  return result;
}
