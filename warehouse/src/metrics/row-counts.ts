import type { Warehouse } from "../client";
import type { MetricsQuery } from "../queries/query-input";
import { responseSums } from "./response-sums";
import { labelCounts } from "./label-counts";
import type { RowKeys } from "./row-keys";
import { callTimeToolCounts, toolsFollowResponses, type ToolCounts } from "./tool-counts";

/**
 * The three reads behind every metrics row (the metrics and compare routes), in parallel:
 * the response sums, the label counts, and the tool counts, which a row with dimensions takes
 * from its responses' label rows (the label counts read) and any other row from the calls of the range.
 */
export async function metricsRowCounts(warehouse: Warehouse, query: MetricsQuery, keys: RowKeys) {
  const followResponses = toolsFollowResponses(query, keys);
  const [sumsByRow, labelsByRow, callTime] = await Promise.all([
    responseSums(warehouse, query, keys),
    labelCounts(warehouse, query, keys),
    followResponses ? undefined : callTimeToolCounts(warehouse, query, keys),
  ]);
  const tools = (key: string): ToolCounts =>
    (followResponses ? labelsByRow.get(key)?.tools : callTime?.get(key)) ?? { completed: 0, failed: 0, unfinished: 0 };
  return { sumsByRow, labelsByRow, tools };
}
