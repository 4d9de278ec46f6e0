import type { Warehouse } from "../client";
import { runPeriodically } from "../periodic";
import { evaluateOutcomes, type EvaluateOutcomesOptions, type EvaluateOutcomesResult } from "./evaluate-outcomes";

export interface OutcomeEvaluatorOptions extends Omit<EvaluateOutcomesOptions, "now"> {
  /** Pause between the end of one run and the start of the next. */
  intervalMs: number;
  onRun?: (result: EvaluateOutcomesResult) => void;
  /** A failed run is reported here (to the process's log: the warehouse has no logger of its own) and retried after the interval. */
  onError: (error: unknown) => void;
}

/**
 * Runs evaluateOutcomes in a loop, one run at a time (runs never overlap: the next is
 * scheduled when the previous ends). Returns `stop`, which resolves once the run in flight,
 * if any, has finished.
 */
export function startOutcomeEvaluator(warehouse: Warehouse, options: OutcomeEvaluatorOptions): () => Promise<void> {
  const { intervalMs, onRun, onError, ...evaluate } = options;
  return runPeriodically(
    async () => {
      const result = await evaluateOutcomes(warehouse, evaluate);
      onRun?.(result);
    },
    intervalMs,
    onError,
  );
}
