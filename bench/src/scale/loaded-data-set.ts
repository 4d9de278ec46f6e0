import { queryRows, type Warehouse } from "@answerscope/warehouse";
import { dataWindowEndingAt, type DataWindow } from "./data-shape";
import { scaleCountsFor, type LoadReport } from "./load-scale-data";

/**
 * For --reuse-data: checks that the bench database holds exactly the data set of `responses`
 * and describes it (load times unknown: they belong to the run that loaded it).
 */
export async function loadedDataSet(w: Warehouse, responses: number): Promise<LoadReport & { window: DataWindow }> {
  const expected = scaleCountsFor(responses);
  const count = async (table: string) => Number((await queryRows<{ n: number }>(w, `SELECT count() AS n FROM ${w.table(table)}`))[0]?.n ?? 0);
  const counts = { responses: await count("responses"), toolCallEvents: await count("tool_call_events"), feedbackEvents: await count("feedback_events") };
  if (JSON.stringify(counts) !== JSON.stringify(expected)) throw new Error(`--reuse-data: the bench database holds ${JSON.stringify(counts)}, not ${JSON.stringify(expected)}`);
  const maxMs = Number((await queryRows<{ m: number }>(w, `SELECT max(occurred_at_ms) AS m FROM ${w.table("responses")}`))[0]?.m ?? 0);
  // The window ends at the full hour after the newest generated row.
  const endMs = Math.ceil(maxMs / 3_600_000) * 3_600_000;
  const window = dataWindowEndingAt(endMs + 5 * 60_000);
  return { counts, seconds: { responses: Number.NaN, toolCallEvents: Number.NaN, feedbackEvents: Number.NaN }, metricsRows: await count("metrics_5m"), window };
}
