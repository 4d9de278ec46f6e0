import type { CountOf } from "@answerscope/contracts/metrics";

/**
 * The Phase 1 sum columns of metrics_5m and metrics_1h_by_dimension, declared once: each is one of
 * the catalog's counts of source `responses` (the type holds them equal), with the aggregate the
 * facts count it by over current response versions. The latency histogram is the one column
 * beside them (a sumMap, not a count). The views' own SELECTs live in the migrations, which are
 * history and are not generated; see contracts/src/metrics/README.md for adding a column.
 */
export const SUM_COLUMNS = {
  responses: "count()",
  max_iterations: "countIf(finish_reason = 'max_iterations')",
  no_reply: "countIf(finish_reason = 'no_reply')",
  errors: "countIf(finish_reason = 'error')",
  iterations: "sum(iteration_count)",
  tools: "sum(tool_count)",
  tokens: "sum(total_tokens)",
} as const satisfies Record<CountOf<"responses">, string>;
export type SumColumn = keyof typeof SUM_COLUMNS;
/** In the tables' column order. */
export const SUM_COLUMN_NAMES = Object.keys(SUM_COLUMNS) as SumColumn[];

export const LATENCY_HISTOGRAM_COLUMN = "latency_histogram";
/** Every aggregate column of the two tables, in their order. */
export const AGGREGATE_COLUMNS = [...SUM_COLUMN_NAMES, LATENCY_HISTOGRAM_COLUMN] as const;
