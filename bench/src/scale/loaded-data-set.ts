import { queryRows, type Warehouse } from "@answerscope/warehouse";
import { dataWindowEndingAt, type DataWindow } from "./data-shape";
import { scaleCountsFor, type LoadReport } from "./load-scale-data";
import type { ScaleSection } from "./scale-section";

// The ids data-shape.ts generates (a prefix and a hex hash); the outcomes section's label updates
// add demo events with other ids, which a reused data set may hold as well.
const GENERATED = {
  responses: ["response_id", "resp_"],
  tool_call_events: ["tool_call_id", "call_"],
  feedback_events: ["event_id", "fev_"],
} as const;
const generatedSql = (table: keyof typeof GENERATED) =>
  `match(${GENERATED[table][0]}, '^${GENERATED[table][1]}[0-9a-f]+$')`;

/**
 * For --reuse-data: checks that the bench database holds exactly the generated data set of
 * `responses` (besides any rows a label update added) and describes it (load times unknown: they
 * belong to the run that loaded it).
 */
export async function loadedDataSet(w: Warehouse, responses: number): Promise<LoadReport & { window: DataWindow }> {
  const expected = scaleCountsFor(responses);
  const count = async (table: string, where = "1") =>
    Number((await queryRows<{ n: number }>(w, `SELECT count() AS n FROM ${w.table(table)} WHERE ${where}`))[0]?.n ?? 0);
  const counts = {
    responses: await count("responses", generatedSql("responses")),
    toolCallEvents: await count("tool_call_events", generatedSql("tool_call_events")),
    feedbackEvents: await count("feedback_events", generatedSql("feedback_events")),
  };
  if (JSON.stringify(counts) !== JSON.stringify(expected))
    throw new Error(
      `--reuse-data: the bench database holds ${JSON.stringify(counts)} generated rows, not ${JSON.stringify(expected)}`,
    );
  const maxMs = Number(
    (
      await queryRows<{ m: number }>(
        w,
        `SELECT max(occurred_at_ms) AS m FROM ${w.table("responses")} WHERE ${generatedSql("responses")}`,
      )
    )[0]?.m ?? 0,
  );
  // The window ends at the full hour after the newest generated row.
  const endMs = Math.ceil(maxMs / 3_600_000) * 3_600_000;
  const window = dataWindowEndingAt(endMs + 5 * 60_000);
  return {
    counts,
    seconds: { responses: Number.NaN, toolCallEvents: Number.NaN, feedbackEvents: Number.NaN },
    metricsRows: await count("metrics_5m"),
    window,
  };
}

/**
 * A reused data set's load times: those `previous` (bench-results.json's query section, measured
 * at `measuredAt`) recorded, when that run loaded this very data set (the same counts and window,
 * which ends at the load's hour); otherwise unknown.
 */
export function withLoadTimesOf(
  reused: LoadReport & { window: DataWindow },
  previous: { scale?: ScaleSection; measuredAt: string } | undefined,
): LoadReport & { window: DataWindow } {
  const scale = previous?.scale;
  if (
    !scale ||
    JSON.stringify(scale.load.counts) !== JSON.stringify(reused.counts) ||
    Date.parse(scale.window.start) !== reused.window.startMs
  )
    return reused;
  return { ...reused, seconds: scale.load.seconds, loadedByRunOf: scale.load.loadedByRunOf ?? previous.measuredAt };
}
