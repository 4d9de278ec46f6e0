import { parseEvent } from "@answerscope/contracts";
import {
  externalLabelRow,
  feedbackRow,
  insertRows,
  markCalls,
  queryRows,
  responseRow,
  toolCallRow,
  type ToolCallRow,
  type Warehouse,
} from "@answerscope/warehouse";

export interface LoadOptions {
  /** ingested_at_ms of the first delivery; each next delivery gets `stepMs` more. Default: now. */
  firstIngestedAtMs?: number;
  stepMs?: number;
}

export interface LoadResult {
  responses: number;
  toolCalls: number;
  feedback: number;
  /** ingested_at_ms of the last delivery (firstIngestedAtMs - stepMs when nothing was loaded). */
  lastIngestedAtMs: number;
}

const INSERT_CHUNK = 5_000;

/**
 * ClickHouse 20.x and later collapse, as they insert, the rows of one insert that a merge of the
 * table would (`optimize_on_insert`: a ReplacingMergeTree keeps one row per key); 18.16 has no such
 * setting. This loader plants duplicates for the readers to face, so it turns that off where it exists.
 */
type InsertSettings = NonNullable<Parameters<typeof insertRows>[3]>;
const keepDuplicates = new WeakMap<Warehouse, Promise<InsertSettings>>();

function duplicateKeepingSettings(warehouse: Warehouse): Promise<InsertSettings> {
  let settings = keepDuplicates.get(warehouse);
  if (!settings) {
    settings = queryRows<{ n: number }>(
      warehouse,
      "SELECT count() AS n FROM system.settings WHERE name = 'optimize_on_insert'",
    ).then(([row]) => (Number(row?.n) > 0 ? { optimize_on_insert: 0 } : {}));
    keepDuplicates.set(warehouse, settings);
  }
  return settings;
}

async function insertAll(warehouse: Warehouse, table: string, rows: object[]): Promise<void> {
  const settings = await duplicateKeepingSettings(warehouse);
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await insertRows(warehouse, table, rows.slice(start, start + INSERT_CHUNK), settings);
  }
}

/**
 * Loads raw events (arrival order) as the pipeline would store them: each is validated and
 * normalized by the contract, mapped to its fact-table row, and stamped with an
 * ingested_at_ms that grows in arrival order. Unlike the sink, EVERY delivery is inserted,
 * duplicates included, so readers' dedup-on-read is what the tests exercise; tool-call rows
 * carry the sink's first-time marks (a copy never moves a call).
 * Throws on an event the contract rejects: test data sets are meant to be valid.
 */
export async function loadRawEvents(
  warehouse: Warehouse,
  events: readonly object[],
  options: LoadOptions = {},
): Promise<LoadResult> {
  const stepMs = options.stepMs ?? 1;
  let ingestedAtMs = (options.firstIngestedAtMs ?? Date.now()) - stepMs;
  const responses: object[] = [];
  const toolCalls: ToolCallRow[] = [];
  const feedback: object[] = [];
  const externalLabels: object[] = [];
  for (const raw of events) {
    const parsed = parseEvent(JSON.stringify(raw));
    if (!parsed.ok)
      throw new Error(
        `loadRawEvents: event rejected (${parsed.reason}): ${parsed.message}\n${JSON.stringify(raw).slice(0, 500)}`,
      );
    ingestedAtMs += stepMs;
    const event = parsed.event;
    if (event.event_type === "response_completed") responses.push(responseRow(event, ingestedAtMs));
    else if (event.event_type === "tool_call") toolCalls.push(toolCallRow(event, ingestedAtMs));
    else if (event.event_type === "feedback_submitted") feedback.push(feedbackRow(event, ingestedAtMs));
    else externalLabels.push(externalLabelRow(event, ingestedAtMs));
  }
  await insertAll(warehouse, "responses", responses);
  // As the sink marks them (every delivery here, duplicates included, in arrival order).
  await insertAll(warehouse, "tool_call_events", markCalls(toolCalls, new Map()));
  await insertAll(warehouse, "feedback_events", feedback);
  await insertAll(warehouse, "external_outcome_labels", externalLabels);
  return {
    responses: responses.length,
    toolCalls: toolCalls.length,
    feedback: feedback.length,
    lastIngestedAtMs: ingestedAtMs,
  };
}
