import { randomInt } from "node:crypto";
import { evaluateOutcomes, writeFacts, type Warehouse } from "@answerscope/warehouse";
import { demoMessages, factBatchesOf, withRandomIds } from "../demo-fact-batches";
import { progress } from "../progress";
import { round, timingOf, type Timing } from "../stats";

export interface LabelUpdateReport extends Timing {
  tenantId: string;
  newEvents: number;
  /** When the newest of the new events occurred (they span the 30 minutes before it). */
  eventsEnd: string;
  candidates: number[];
  written: number[];
  write_facts_ms: number[];
}

const RANDOM_ID_COLUMNS = ["response_id", "session_id", "tool_call_id", "target_id"] as const;

export interface LabelUpdateOptions {
  events?: number;
  /** When the new events end; now by default. */
  endMs?: number;
}

/**
 * The last second of the month before the one `nowMs` falls in (UTC, as the fact tables'
 * partitions): new events there are the costliest label update, because the evaluator's reads
 * start at the chunk's oldest time, and partition pruning by month then keeps that whole month.
 */
export function lastSecondOfPreviousMonthMs(nowMs: number): number {
  const now = new Date(nowMs);
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 1000;
}

/**
 * Issue 6, target 4: after 10,000 new events (written through writeFacts, as the worker
 * writes them) on top of the large data set, how long evaluateOutcomes takes to bring the
 * tenant's labels up to date. The tenant must have been evaluated once, else this would
 * time a first pass.
 */
export async function measureLabelUpdate(
  w: Warehouse,
  tenantId: string,
  runs: number,
  options: LabelUpdateOptions = {},
): Promise<LabelUpdateReport> {
  const { events = 10_000, endMs = Date.now() } = options;
  const samples: number[] = [];
  const candidates: number[] = [];
  const written: number[] = [];
  const writeMs: number[] = [];
  // A seed of this invocation's own: the ids derive from it, and events a run on the same data set
  // (--reuse-data) wrote before would be dropped as duplicates, leaving nothing to evaluate. Random,
  // not the clock's second: two invocations within one second (the smoke test's now and month-end
  // updates, 0.3 s apart) wrote the same events, and the second found no candidates.
  const firstSeed = randomInt(1000, 2 ** 31 - 1000);
  for (let run = 0; run < runs; run++) {
    const messages = demoMessages({ events, seed: firstSeed + run, tenants: [tenantId], endMs, windowMs: 30 * 60_000 });
    // Random ids, as real producers send: the evaluator reads the candidates' sessions, tool calls
    // and feedback by id, and demo ids, sorted together, would touch a few granules instead of many.
    const batches = factBatchesOf(messages, 5000).map((batch) => withRandomIds(batch, RANDOM_ID_COLUMNS));
    const writeStarted = performance.now();
    for (const batch of batches) await writeFacts(w, batch);
    writeMs.push(round(performance.now() - writeStarted));
    const started = performance.now();
    // settleMs 0: every write above has finished, so nothing is in flight; the default 60 s
    // would make each run re-read the previous run's events as well.
    const result = await evaluateOutcomes(w, { tenantId, settleMs: 0 });
    samples.push(performance.now() - started);
    candidates.push(result.candidates);
    written.push(result.written);
    progress(
      `  label update${options.endMs === undefined ? "" : ` (events up to ${new Date(endMs).toISOString()})`} ${run + 1}/${runs}: ${(samples.at(-1)! / 1000).toFixed(2)} s for ${result.candidates} candidates`,
    );
  }
  if (candidates.some((n) => n === 0))
    throw new Error(`label update: a run found no candidates (${candidates.join(", ")}): its events were not new`);
  return {
    tenantId,
    newEvents: events,
    eventsEnd: new Date(endMs).toISOString(),
    candidates,
    written,
    write_facts_ms: writeMs,
    ...timingOf(samples),
  };
}
