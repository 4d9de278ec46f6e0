import {
  COMPARABLE_METRICS,
  METRIC_CATALOG,
  type ComparableMetricName,
  type MeanMetricName,
  type MetricCount,
} from "@answerscope/contracts/metrics";
import type { ResponseSums } from "../metrics/response-sums";
import type { LabelCounts } from "../metrics/label-counts";
import type { ToolCounts } from "../metrics/tool-counts";

/** The rate metrics of docs/metrics.md that a version comparison can test (the catalog's comparable ones). */
export { COMPARABLE_METRICS };
export type ComparableMetric = ComparableMetricName;

export interface SliceCounts {
  sums: Omit<ResponseSums, "histogram">;
  labels: Pick<
    LabelCounts,
    | "rated"
    | "ratedUp"
    | "ratedDown"
    | "windowClosed"
    | "reasks"
    | "followups"
    | "final"
    | "goodOrBetter"
    | "sessionsFinal"
    | "sessionsResolved"
  >;
  tools: Pick<ToolCounts, "completed" | "failed">;
}

/** The label counts of a slice without label rows (no response of it evaluated, or none in it). */
export const NO_LABEL_COUNTS: SliceCounts["labels"] = {
  rated: 0,
  ratedUp: 0,
  ratedDown: 0,
  windowClosed: 0,
  reasks: 0,
  followups: 0,
  final: 0,
  goodOrBetter: 0,
  sessionsFinal: 0,
  sessionsResolved: 0,
};

/** A slice's counts under the catalog's names (contracts/src/metrics/counts.ts): where each count read meets its name. */
function catalogCounts({ sums, labels, tools }: SliceCounts): Record<MetricCount, number> {
  return {
    // The Phase 1 sums carry the catalog's names already (metrics/sum-columns.ts).
    ...sums,
    rated: labels.rated,
    rated_up: labels.ratedUp,
    rated_down: labels.ratedDown,
    window_closed: labels.windowClosed,
    reasks: labels.reasks,
    followups: labels.followups,
    final: labels.final,
    good_or_better: labels.goodOrBetter,
    sessions_final: labels.sessionsFinal,
    sessions_resolved: labels.sessionsResolved,
    tools_completed: tools.completed,
    tools_failed: tools.failed,
  };
}

/** Numerator and denominator of a rate or mean, as the catalog declares them: the metrics route and /compare divide these. */
export function rateParts(
  metric: ComparableMetric | MeanMetricName,
  slice: SliceCounts,
): { numerator: number; denominator: number } {
  const { numerator, denominator } = METRIC_CATALOG[metric];
  const counts = catalogCounts(slice);
  const sum = (names: readonly MetricCount[]) => names.reduce((total, name) => total + counts[name], 0);
  return { numerator: sum(numerator), denominator: sum(denominator) };
}
