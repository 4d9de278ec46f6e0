import { ATTRIBUTION_CATALOG, LATENCY_BUCKET_EDGES_MS } from "@answerscope/contracts/metrics";
import type { LabelsBlock } from "../label-freshness/freshness-schema";
import { wilsonInterval } from "../queries/proportion-tests";
import type { AttributionCounts, JudgedCounts, LatencyGroup } from "./attribution-counts";
import type { AttributionResult } from "./attribution-schema";
import { figureOf, figureStatus } from "./figure";
import { spearman, type WeightedPair } from "./rank-correlation";

const minSample = (name: keyof typeof ATTRIBUTION_CATALOG) => ATTRIBUTION_CATALOG[name].minSample;

/** A count, or null when the labels behind it cover none of the range. */
const labelled = (value: number, available: boolean) => (available ? value : null);

function toolSide(judged: JudgedCounts, available: boolean) {
  const figure = figureOf(judged.positive, judged.final, minSample("tool_helpfulness_rate_by_name"), available);
  const interval = figure.value === null ? null : wilsonInterval(judged.positive, judged.final);
  return { ...figure, ci_low: interval?.low ?? null, ci_high: interval?.high ?? null };
}

function toolRows(counts: AttributionCounts, available: boolean) {
  return [...counts.toolUses]
    .sort((a, b) => a.toolName.localeCompare(b.toolName) || a.queryCategory.localeCompare(b.queryCategory))
    .map((use) => {
      const all = counts.categories.get(use.queryCategory) ?? { final: 0, positive: 0 };
      const used = toolSide(use, available);
      const notUsed = toolSide({ final: all.final - use.final, positive: all.positive - use.positive }, available);
      return {
        tool_name: use.toolName,
        query_category: use.queryCategory,
        used,
        not_used: notUsed,
        difference: used.value === null || notUsed.value === null ? null : used.value - notUsed.value,
      };
    });
}

function correlation(pairs: WeightedPair[], available: boolean) {
  const { rho, n } = spearman(pairs);
  const status = figureStatus(n, minSample("latency_vs_feedback_correlation"), available);
  if (status !== "ok") return { rho: null, n: labelled(n, available), status };
  return rho === null ? { rho, n, status: "no_variation" as const } : { rho, n, status };
}

function latencyFigures(groups: readonly LatencyGroup[], available: boolean) {
  const size = minSample("latency_vs_feedback_correlation");
  const buckets = LATENCY_BUCKET_EDGES_MS.map((from, index) => {
    const to = LATENCY_BUCKET_EDGES_MS[index + 1] ?? null;
    const inBucket = groups.filter((group) => group.timeCostMs >= from && (to === null || group.timeCostMs < to));
    const sum = (test: (group: LatencyGroup) => boolean) =>
      inBucket.filter(test).reduce((total, group) => total + group.count, 0);
    return {
      from_ms: from,
      to_ms: to,
      answers: sum(() => true),
      thumbs_down_rate: figureOf(
        sum((group) => group.rating === "down"),
        sum((group) => group.rating !== ""),
        size,
        available,
      ),
      good_answer_rate: figureOf(
        sum((group) => group.positive),
        sum((group) => group.final),
        size,
        available,
      ),
    };
  });
  const pairs = (keep: (group: LatencyGroup) => boolean, y: (group: LatencyGroup) => boolean) =>
    groups.filter(keep).map((group) => ({ x: group.timeCostMs, y: y(group) ? 1 : 0, count: group.count }));
  return {
    buckets,
    thumbs_down: correlation(
      pairs(
        (group) => group.rating !== "",
        (group) => group.rating === "down",
      ),
      available,
    ),
    good_answer: correlation(
      pairs(
        (group) => group.final,
        (group) => group.positive,
      ),
      available,
    ),
  };
}

/**
 * The attribution answer from its counts and the labels block: every figure but the two of
 * feedback intensity reads outcome labels, so with labels covering none of the range each of
 * those is null with status labels_unavailable.
 */
export function attributionResult(counts: AttributionCounts, labels: LabelsBlock): AttributionResult {
  const available = labels.coverage !== "none";
  const { answers, recovery, abandonment, intensity } = counts;
  return {
    recover_after_negative_rate: {
      ...figureOf(recovery.recovered, recovery.judged, minSample("recover_after_negative_rate"), available),
      negatives: labelled(recovery.negatives, available),
      no_next_answer: labelled(recovery.noNextAnswer, available),
      pending: labelled(recovery.negatives - recovery.noNextAnswer - recovery.judged, available),
    },
    tokens_per_positive_answer: {
      ...figureOf(answers.finalTokens, answers.positive, minSample("tokens_per_positive_answer"), available),
      answers: answers.answers,
      pending: labelled(answers.answers - answers.final, available),
    },
    abandonment_rate: {
      ...figureOf(abandonment.abandoned, abandonment.settled, minSample("abandonment_rate"), available),
      answers: labelled(abandonment.answers, available),
      pending: labelled(abandonment.answers - abandonment.settled, available),
    },
    // Ratings are facts of their own: these two stay computable when labels are behind.
    down_rating_severity: {
      ...figureOf(intensity.severitySum, intensity.withSeverity, minSample("down_rating_severity"), true),
      rated_down: intensity.ratedDown,
    },
    repeated_down_rate: figureOf(intensity.repeatedDown, intensity.rated, minSample("repeated_down_rate"), true),
    tool_helpfulness_rate_by_name: toolRows(counts, available),
    latency_vs_feedback_correlation: latencyFigures(counts.latency, available),
    labels,
  };
}
