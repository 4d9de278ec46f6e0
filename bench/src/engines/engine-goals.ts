import type { EngineFigures, EnginesReport } from "./engines-section";

/** Issue 46's goals for the embedded engine against the server, and the query targets of issue 6. */
export const ENGINE_GOALS = {
  /** Embedded ingest ÷ server ingest, at least. */
  ingest_ratio_min: 0.8,
  /** Embedded metrics p95 ÷ server metrics p95, at most. */
  query_ratio_max: 1.25,
  /** Metrics route p95 on either engine, below. */
  p95_ms_max: { "24h": 300, "90d": 1000 } as Record<string, number>,
};

/** Each goal: met, missed, or null when a figure it needs was not measured. */
export function goalsMet(
  embedded: EngineFigures,
  server: EngineFigures,
  ratios: EnginesReport["ratios"],
): Record<string, boolean | null> {
  const atLeast = (value: number | null, bound: number) => (value === null ? null : value >= bound);
  const atMost = (value: number | null | undefined, bound: number) =>
    value === null || value === undefined ? null : value <= bound;
  const below = (value: number | undefined, bound: number) => (value === undefined ? null : value < bound);
  const met: Record<string, boolean | null> = { ingest_ratio: atLeast(ratios.ingest, ENGINE_GOALS.ingest_ratio_min) };
  for (const [range, bound] of Object.entries(ENGINE_GOALS.p95_ms_max)) {
    met[`metrics_${range}_ratio`] = atMost(ratios.metrics_p95[range], ENGINE_GOALS.query_ratio_max);
    for (const figures of [embedded, server])
      met[`metrics_${range}_p95_${figures.engine}`] = below(figures.metrics[range]?.p95_ms, bound);
  }
  return met;
}
