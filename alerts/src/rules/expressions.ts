import { BASELINE_WINDOW, COUNTERS, EXPORTER_METRICS, GAUGES, INGEST_METRICS, dayAgoWindow } from "../metric-names";
import type { RateShiftRule, RulesConfig } from "./rules-config";

/** `metric{window="..."}`: every windowed gauge is selected by its window. */
const inWindow = (metric: string, window: string) => `${metric}{window="${window}"}`;

/** Numbers as PromQL literals: plain decimals, never exponent notation or locale formatting. */
const num = (value: number) => (Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(12))));

export interface RateShiftMetrics {
  ratio: string;
  samples: string;
  direction: "up" | "down";
}

/**
 * A rate that moved away from its slice's baseline (see RateShiftRuleSchema). Every comparison
 * between two windows ignores the `window` label, so the result keeps the current window's
 * labels (tenant, slice, window) and its value is the current rate.
 */
export function rateShiftExpr(metrics: RateShiftMetrics, rule: RateShiftRule, window: string): string {
  const cur = inWindow(metrics.ratio, window);
  const base = inWindow(metrics.ratio, BASELINE_WINDOW);
  const n = inWindow(metrics.samples, window);
  const nBase = inWindow(metrics.samples, BASELINE_WINDOW);
  const up = metrics.direction === "up";
  const [beyond, change] = up ? [">", `${cur} - ignoring(window) ${base}`] : ["<", `${base} - ignoring(window) ${cur}`];
  const standardError = `sqrt(${base} * (1 - ${base}) / ignoring(window) ${n})`;
  return `(
  (
      ${cur} ${beyond} ignoring(window) ${base} * ${num(rule.factor)}
    and ignoring(window)
      ${change} > ${num(rule.minChange)}
    and ignoring(window)
      ${change} > ignoring(window) ${num(rule.zScore)} * ${standardError}
    and ignoring(window)
      ${nBase} >= ${num(rule.minBaselineSamples)}
  )
  or
  (
      ${cur} ${beyond} ${num(rule.limitWithoutBaseline)}
    unless ignoring(window)
      ${nBase} >= ${num(rule.minBaselineSamples)}
  )
)
and ignoring(window)
  ${n} >= ${num(rule.minSamples)}`;
}

export function latencyP95Expr(rule: RulesConfig["latencyP95"]): string {
  return `${inWindow(GAUGES.latencyP95.name, rule.window)} > ${num(rule.thresholdSeconds)}
and ignoring(window)
  ${inWindow(GAUGES.windowResponses.name, rule.window)} >= ${num(rule.minSamples)}`;
}

/** A tenant's responses against the same window a day earlier: traffic follows the clock, so 3 a.m. is compared with 3 a.m. */
export function responseCountDropExpr(rule: RulesConfig["responseCountDrop"]): string {
  const now = `sum by (tenant) (${inWindow(GAUGES.windowResponses.name, rule.window)})`;
  const dayAgo = `sum by (tenant) (${inWindow(GAUGES.windowResponses.name, dayAgoWindow(rule.window))})`;
  return `${now}
  < ${num(rule.maxRatio)} * ${dayAgo}
and
${dayAgo} >= ${num(rule.minExpected)}`;
}

/** Summed per topic over partitions; `max` first, because a partition may briefly be reported by two workers during a rebalance. */
export function ingestLagExpr(rule: RulesConfig["ingestLag"]): string {
  return `sum by (topic) (max by (topic, partition) (${INGEST_METRICS.consumerLag})) > ${num(rule.maxMessages)}`;
}

/**
 * Dead letters as a share of everything a tenant sent. A tenant whose every event is rejected
 * has no accepted series at all, so those count as 0 rather than hiding the tenant.
 */
export function deadLetterGrowthExpr(rule: RulesConfig["deadLetterGrowth"]): string {
  const rejected = `sum by (tenant) (increase(${COUNTERS.rejectedEvents.name}[${rule.range}]))`;
  const accepted = `sum by (tenant) (increase({__name__=~"${[COUNTERS.responses, COUNTERS.feedbackEvents, COUNTERS.toolCalls].map((c) => c.name).join("|")}"}[${rule.range}]))`;
  return `${rejected} >= ${num(rule.minRejected)}
and
${rejected}
  > ${num(rule.maxShare)} * (${rejected} + (${accepted} or ${rejected} * 0))`;
}

/**
 * Repair rounds failed and none completed, summed over every ingest process: a process waiting
 * while another one repairs for long completes nothing itself, but the repairing one does. A
 * fleet that never completed a round since its restart has no rounds series: counted as 0.
 */
export function viewRepairsFailingExpr(rule: RulesConfig["viewRepairsFailing"]): string {
  return `sum(increase(${INGEST_METRICS.viewRepairFailures}[${rule.range}])) > 0
and on()
(sum(increase(${INGEST_METRICS.viewRepairRounds}[${rule.range}])) or vector(0)) == 0`;
}

/**
 * A tenant's outcome labels are stale: they lag more than the limit (+Inf: never evaluated), or
 * the evaluator's newest run for the tenant failed. The lag comes first, so when both hold the
 * alert's value is the lag.
 */
export function outcomeLabelsStaleExpr(rule: RulesConfig["outcomeLabelsStale"]): string {
  return `max by (tenant) (${GAUGES.labelLag.name}) > ${num(rule.maxLagSeconds)}
or
max by (tenant) (${GAUGES.evaluatorFailing.name}) == 1`;
}

export function exporterStaleExpr(rule: RulesConfig["exporterStale"]): string {
  return `time() - ${EXPORTER_METRICS.lastSuccess} > ${num(rule.maxAgeSeconds)}`;
}

export function exporterDownExpr(config: RulesConfig): string {
  return `up{job="${config.exporterJob.replace(/["\\]/g, "\\$&")}"} == 0`;
}
