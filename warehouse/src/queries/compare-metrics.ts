import type { Phase1Sums } from "../metrics/phase1";
import type { Phase2Counts } from "../metrics/phase2";
import type { ToolCounts } from "../metrics/tool-counts";

/** The rate metrics of metrics-v1.md that a version comparison can test: each is a count over a count. */
export const COMPARABLE_METRICS = [
  "max_iteration_hit_rate",
  "no_reply_rate",
  "error_rate",
  "tool_success_rate",
  "feedback_coverage",
  "thumbs_up_rate",
  "thumbs_down_rate",
  "reask_rate",
  "followup_rate",
  "good_answer_rate",
  "one_turn_resolution_rate",
] as const;
export type ComparableMetric = (typeof COMPARABLE_METRICS)[number];

export interface SliceCounts {
  phase1: Pick<Phase1Sums, "responses" | "maxIterations" | "noReply" | "errors">;
  phase2: Pick<Phase2Counts, "rated" | "ratedUp" | "ratedDown" | "windowClosed" | "reasks" | "followups" | "final" | "goodOrBetter" | "sessionsFinal" | "sessionsResolved">;
  tools: ToolCounts;
}

/** Numerator and denominator of a metric, exactly as the metrics route divides them. */
export function rateParts(metric: ComparableMetric, { phase1, phase2, tools }: SliceCounts): { numerator: number; denominator: number } {
  switch (metric) {
    case "max_iteration_hit_rate":
      return { numerator: phase1.maxIterations, denominator: phase1.responses };
    case "no_reply_rate":
      return { numerator: phase1.noReply, denominator: phase1.responses };
    case "error_rate":
      return { numerator: phase1.errors, denominator: phase1.responses };
    case "tool_success_rate":
      return { numerator: tools.completed, denominator: tools.completed + tools.failed };
    case "feedback_coverage":
      return { numerator: phase2.rated, denominator: phase1.responses };
    case "thumbs_up_rate":
      return { numerator: phase2.ratedUp, denominator: phase2.rated };
    case "thumbs_down_rate":
      return { numerator: phase2.ratedDown, denominator: phase2.rated };
    case "reask_rate":
      return { numerator: phase2.reasks, denominator: phase2.windowClosed };
    case "followup_rate":
      return { numerator: phase2.followups, denominator: phase2.windowClosed };
    case "good_answer_rate":
      return { numerator: phase2.goodOrBetter, denominator: phase2.final };
    case "one_turn_resolution_rate":
      return { numerator: phase2.sessionsResolved, denominator: phase2.sessionsFinal };
  }
}
