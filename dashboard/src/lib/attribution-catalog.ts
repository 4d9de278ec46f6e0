import {
  ATTRIBUTION_CATALOG,
  ATTRIBUTION_METRICS,
  type AttributionMetricName,
  type FigureStatus,
} from "@answerscope/contracts/metrics";
import { formatCount } from "./format";

// The attribution view reads each figure's label, definition and minimum sample from the
// contract's attribution catalog (docs/metrics.md "Attribution"): a figure added there is labelled
// and defined here without a second declaration.
export { ATTRIBUTION_CATALOG, ATTRIBUTION_METRICS };
export type { AttributionMetricName, FigureStatus };

export const attributionLabel = (metric: AttributionMetricName): string => ATTRIBUTION_CATALOG[metric].label;
export const minSampleOf = (metric: AttributionMetricName): number => ATTRIBUTION_CATALOG[metric].minSample;

/** Why a figure has no value, as a badge: never a 0. */
export const STATUS_BADGES: Record<Exclude<FigureStatus, "ok">, string> = {
  insufficient_sample: "small sample",
  no_data: "no data",
  no_variation: "no variation",
  labels_unavailable: "labels unavailable",
};

/** The same, in a sentence, with the sample size and the catalog's minimum sample where they matter. */
export function statusSentence(metric: AttributionMetricName, status: FigureStatus, n: number | null): string {
  switch (status) {
    case "ok":
      return "";
    case "insufficient_sample":
      return `not computed: n = ${formatCount(n)}, fewer than ${minSampleOf(metric)}`;
    case "no_data":
      return "not computed: nothing to count in this range";
    case "no_variation":
      return "not computed: latency or outcome never varies";
    case "labels_unavailable":
      return "not computed: outcome labels cover none of the range";
  }
}

/** A latency bucket in words: "1–3 s", "30 s and more". */
export function latencyBucketLabel(fromMs: number, toMs: number | null): string {
  const seconds = (ms: number) => String(ms / 1000);
  return toMs === null ? `${seconds(fromMs)} s and more` : `${seconds(fromMs)}–${seconds(toMs)} s`;
}
