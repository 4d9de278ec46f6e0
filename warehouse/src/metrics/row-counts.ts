import type { Warehouse } from "../client";
import type { MetricsQuery } from "../queries/query-input";
import { phase1Sums } from "./response-sums";
import { phase2Counts } from "./label-counts";
import type { RowKeys } from "./row-keys";
import { callTimeToolCounts, toolsFollowResponses, type ToolCounts } from "./tool-counts";

/**
 * The three reads behind every metrics row (the metrics and compare routes), in parallel:
 * Phase 1 sums, Phase 2 counts, and the tool counts, which a row with dimensions takes from its
 * responses' label rows (the Phase 2 read) and any other row from the calls of the range.
 */
export async function metricsRowCounts(warehouse: Warehouse, query: MetricsQuery, keys: RowKeys) {
  const followResponses = toolsFollowResponses(query, keys);
  const [phase1, phase2, callTime] = await Promise.all([
    phase1Sums(warehouse, query, keys),
    phase2Counts(warehouse, query, keys),
    followResponses ? undefined : callTimeToolCounts(warehouse, query, keys),
  ]);
  const tools = (key: string): ToolCounts =>
    (followResponses ? phase2.get(key)?.tools : callTime?.get(key)) ?? { completed: 0, failed: 0, unfinished: 0 };
  return { phase1, phase2, tools };
}
