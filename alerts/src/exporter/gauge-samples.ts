import { histogramQuantile, type LabelFreshness, type WritebackStatus } from "@answerscope/warehouse";
import type { GaugeKey } from "../metric-names";
import { VolumeCap, type KeptValues } from "./label-cap";
import { labelFreshnessSamples } from "./label-freshness-samples";
import { langfuseWritebackSamples } from "./langfuse-writeback-samples";
import type { OutcomeFigures } from "./queries/outcome-figures";
import type { RatingFigures } from "./queries/rating-figures";
import type { ResponseFigures } from "./queries/response-figures";
import type { ToolFigures } from "./queries/tool-figures";
import type { TimeWindow } from "./windows";

export interface GaugeSample {
  gauge: GaugeKey;
  labels: Record<string, string>;
  value: number;
}

/** One refresh's reads, each with the windows it was read for (index-aligned with its arrays). */
export interface FigureReadings {
  responses: { rows: ResponseFigures[]; windows: TimeWindow[]; rateWindows: ReadonlySet<string> };
  ratings: { rows: RatingFigures[]; windows: TimeWindow[] };
  outcomes: { rows: OutcomeFigures[]; windows: TimeWindow[] };
  tools: { rows: ToolFigures[]; windows: TimeWindow[] };
  /** Each tenant's label freshness (not windowed). */
  labels: ReadonlyMap<string, LabelFreshness>;
  /** Each tenant's Langfuse write-back, for those that have one (not windowed). */
  writeback: readonly WritebackStatus[];
}

export interface FigureCaps {
  tenants: number;
  models: number;
  channels: number;
  tools: number;
}

const sumOf = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0);

/** Element-wise sums of per-window arrays (every figure is a count, so folding into `other` is exact). */
const sumWindows = (arrays: readonly (readonly number[])[]) =>
  arrays.reduce<number[]>((sums, values) => values.map((value, index) => (sums[index] ?? 0) + value), []);

function sumHistograms(histograms: readonly Map<number, number>[]): Map<number, number> {
  const merged = new Map<number, number>();
  for (const histogram of histograms)
    for (const [bucket, count] of histogram) merged.set(bucket, (merged.get(bucket) ?? 0) + count);
  return merged;
}

/** Rows grouped by their capped slice. */
function bySlice<T>(rows: readonly T[], keyOf: (row: T) => string[]): { key: string[]; rows: T[] }[] {
  const groups = new Map<string, { key: string[]; rows: T[] }>();
  for (const row of rows) {
    const key = keyOf(row);
    const id = JSON.stringify(key);
    const group = groups.get(id) ?? { key, rows: [] };
    group.rows.push(row);
    groups.set(id, group);
  }
  return [...groups.values()];
}

/**
 * The windowed gauges of one refresh: per capped slice (tenant × model × channel, or tenant ×
 * tool) and window, each ratio only where its denominator is above 0 (docs/metrics.md: no data is
 * not a rate of 0), each sample count always, so a rule can tell "few samples" from "no series".
 * Tenants are capped by response volume; models and channels by response volume within their
 * tenant, and the same choice applies to every figure so slices line up across gauges.
 */
export function gaugeSamples(
  readings: FigureReadings,
  caps: FigureCaps,
): { samples: GaugeSample[]; folded: Record<string, number>; kept: KeptValues } {
  const tenantCap = new VolumeCap(caps.tenants);
  for (const row of readings.responses.rows) tenantCap.add("", row.tenant, sumOf(row.responses));
  // A tenant without traffic in the windows still has labels that can go stale: it ranks last.
  for (const tenant of readings.labels.keys()) tenantCap.add("", tenant, 0);
  const tenantOf = (tenant: string) => tenantCap.map("", tenant);
  const modelCap = new VolumeCap(caps.models);
  const channelCap = new VolumeCap(caps.channels);
  for (const row of readings.responses.rows) {
    modelCap.add(tenantOf(row.tenant), row.model, sumOf(row.responses));
    channelCap.add(tenantOf(row.tenant), row.channel, sumOf(row.responses));
  }
  const sliceOf = (row: { tenant: string; model: string; channel: string }) => {
    const tenant = tenantOf(row.tenant);
    return [tenant, modelCap.map(tenant, row.model), channelCap.map(tenant, row.channel)];
  };
  const sliceLabels = ([tenant, model, channel]: string[]) => ({ tenant: tenant!, model: model!, channel: channel! });
  const toolCap = new VolumeCap(caps.tools);
  for (const row of readings.tools.rows) toolCap.add(tenantOf(row.tenant), row.toolName, sumOf(row.finished));

  const samples: GaugeSample[] = [];
  const ratio = (gauge: GaugeKey, labels: Record<string, string>, numerator: number, denominator: number) => {
    if (denominator > 0) samples.push({ gauge, labels, value: numerator / denominator });
  };

  const responseWindows = readings.responses.windows;
  for (const { key, rows } of bySlice(readings.responses.rows, sliceOf)) {
    const [responseCounts, maxIterations, noReply] = [
      sumWindows(rows.map((r) => r.responses)),
      sumWindows(rows.map((r) => r.maxIterations)),
      sumWindows(rows.map((r) => r.noReply)),
    ];
    responseWindows.forEach((window, index) => {
      const labels = { ...sliceLabels(key), window: window.name };
      const responses = responseCounts[index] ?? 0;
      samples.push({ gauge: "windowResponses", labels, value: responses });
      if (!readings.responses.rateWindows.has(window.name)) return;
      ratio("maxIterationRatio", labels, maxIterations[index] ?? 0, responses);
      ratio("noReplyRatio", labels, noReply[index] ?? 0, responses);
      const histogram = sumHistograms(rows.map((r) => r.histograms[index] ?? new Map<number, number>()));
      const p95Ms = histogramQuantile([...histogram.keys()], [...histogram.values()], 0.95);
      if (p95Ms !== null && responses > 0) samples.push({ gauge: "latencyP95", labels, value: p95Ms / 1000 });
    });
  }

  for (const { key, rows } of bySlice(readings.ratings.rows, sliceOf)) {
    const [rated, down] = [sumWindows(rows.map((r) => r.rated)), sumWindows(rows.map((r) => r.down))];
    readings.ratings.windows.forEach((window, index) => {
      const labels = { ...sliceLabels(key), window: window.name };
      samples.push({ gauge: "thumbsDownSamples", labels, value: rated[index] ?? 0 });
      ratio("thumbsDownRatio", labels, down[index] ?? 0, rated[index] ?? 0);
    });
  }

  for (const { key, rows } of bySlice(readings.outcomes.rows, sliceOf)) {
    const final = sumWindows(rows.map((r) => r.final));
    const good = sumWindows(rows.map((r) => r.goodOrBetter));
    const closed = sumWindows(rows.map((r) => r.windowClosed));
    const reasks = sumWindows(rows.map((r) => r.reasks));
    readings.outcomes.windows.forEach((window, index) => {
      const labels = { ...sliceLabels(key), window: window.name };
      samples.push({ gauge: "goodAnswerSamples", labels, value: final[index] ?? 0 });
      ratio("goodAnswerRatio", labels, good[index] ?? 0, final[index] ?? 0);
      samples.push({ gauge: "reaskSamples", labels, value: closed[index] ?? 0 });
      ratio("reaskRatio", labels, reasks[index] ?? 0, closed[index] ?? 0);
    });
  }

  const toolSliceOf = (row: ToolFigures) => {
    const tenant = tenantOf(row.tenant);
    return [tenant, toolCap.map(tenant, row.toolName)];
  };
  for (const { key, rows } of bySlice(readings.tools.rows, toolSliceOf)) {
    const [finished, completed] = [sumWindows(rows.map((r) => r.finished)), sumWindows(rows.map((r) => r.completed))];
    readings.tools.windows.forEach((window, index) => {
      const labels = { tenant: key[0]!, tool_name: key[1]!, window: window.name };
      samples.push({ gauge: "toolSuccessSamples", labels, value: finished[index] ?? 0 });
      ratio("toolSuccessRatio", labels, completed[index] ?? 0, finished[index] ?? 0);
    });
  }

  samples.push(...labelFreshnessSamples(readings.labels, tenantOf));
  samples.push(...langfuseWritebackSamples(readings.writeback, tenantOf));

  return {
    samples,
    folded: {
      tenant: tenantCap.folded(),
      model: modelCap.folded(),
      channel: channelCap.folded(),
      tool_name: toolCap.folded(),
    },
    kept: { tenant: tenantCap, model: modelCap, channel: channelCap, tool_name: toolCap },
  };
}
