import { Counter, type Registry } from "prom-client";
import type { JudgeErrorKind } from "./chat-endpoint";

export type JudgeOutcome = "scored" | JudgeErrorKind;

/** The judge's counters. Labels from bounded sets only (outcome): never a tenant, response or user id. */
export function createJudgeMetrics(registry: Registry) {
  return {
    calls: new Counter({
      name: "answerscope_judge_calls_total",
      help: "Calls of the LLM judge by outcome: scored, or the error (timeout, http_4xx, http_5xx, network, malformed)",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    budgetStops: new Counter({
      name: "answerscope_judge_budget_stops_total",
      help: "Tenant passes that stopped, or did not start, because the tenant's daily budget was spent",
      registers: [registry],
    }),
  };
}

export type JudgeMetrics = ReturnType<typeof createJudgeMetrics>;
