import { ATTRIBUTION_CATALOG, LATENCY_BUCKET_EDGES_MS, type AttributionDefinition } from "../metrics/index";
import { inlineCode } from "./schema-fields";

// docs/metrics.md's table of the attribution metrics, written from their catalog
// (contracts/src/metrics/attribution.ts) so the docs and the API's descriptions cannot drift.

/** One row per attribution metric: what it divides, its minimum sample, facts, time and slices. */
export function attributionTable(): string {
  const rows = (Object.entries(ATTRIBUTION_CATALOG) as [string, AttributionDefinition][]).map(
    ([name, definition]) =>
      `| ${inlineCode(name)} | ${definition.label} | ${definition.numerator} | ${definition.denominator} | ${definition.minSample} | ${definition.facts} | ${definition.time} | ${definition.slices} |`,
  );
  return [
    "| metric | label | numerator | denominator | minimum sample | facts | time | slices |",
    "|---|---|---|---|---:|---|---|---|",
    ...rows,
  ].join("\n");
}

const seconds = (ms: number): string => `${ms / 1000} s`;

/** The latency buckets in words: `[0 s, 1 s)`, …, `30 s and more`. */
export const latencyBucketList = (): string =>
  LATENCY_BUCKET_EDGES_MS.map((edge, index) => {
    const next = LATENCY_BUCKET_EDGES_MS[index + 1];
    return next === undefined ? `${seconds(edge)} and more` : `[${seconds(edge)}, ${seconds(next)})`;
  }).join(", ");
