import type { DemoMessage } from "@answerscope/demo";
import { decodeSpans, mapSpans } from "@answerscope/ingest";
import { startBenchCollector } from "../bench-collector";
import { postToCollector } from "../engines/collector-ingest";
import { progress } from "../progress";
import { median, ratio, round } from "../stats";
import { postSpans } from "./post-spans";
import { otlpBodies, SPANS_PER_TURN } from "./span-bodies";

/** The goal: spans/s through the receiver at least half the JSON collector's events/s. */
export const OTLP_GOAL_RATIO = 0.5;

export interface OtlpRun {
  /** Which path went first in this run (they alternate: the machine drifts). */
  first: "otlp" | "json";
  otlp_spans_per_s: number;
  json_events_per_s: number;
}

export interface OtlpReport {
  turns_per_run: number;
  spans_per_request: number;
  events_per_request: number;
  concurrency: number;
  runs: OtlpRun[];
  /** Medians over the runs. */
  otlp_spans_per_s: number;
  json_events_per_s: number;
  ratio: number | null;
  goal_ratio: number;
  goal_met: boolean;
}

const TENANT = "bench_otlp";
const KEY = "bench-otlp-ingest-key-00000000";
/** BatchSpanProcessor's default export batch. */
const SPANS_PER_REQUEST = 512;
/** As the engines section posts JSON events. */
const EVENTS_PER_REQUEST = 1000;
const CONCURRENCY = 8;

/** The same turns as the contract's JSON events: the receiver's own mapping of the bodies, so both paths store the same facts. */
function jsonMessagesOf(bodies: readonly Uint8Array[]): DemoMessage[] {
  return bodies.flatMap((body) =>
    mapSpans(decodeSpans(Buffer.from(body), "protobuf"), TENANT).events.map(({ event }) => ({
      kind: event.event_type as DemoMessage["kind"],
      key: null,
      value: JSON.stringify(event),
      malformed: false,
      tenantId: TENANT,
      occurredAtMs: Date.parse(String(event.occurred_at)),
    })),
  );
}

/**
 * OTLP spans/s through POST /v1/traces against the JSON collector's events/s through POST
 * /v1/events, into the bench ClickHouse, on one collector process (run from its bundle, as
 * deployed): one warm-up of both, then `runs` runs, each path's order alternating. Every span and
 * event must be stored: the run checks the warehouse's counts at the end.
 */
export async function measureOtlpIngest(
  url: string,
  { turns = 20_000, runs = 3, warmupTurns = 2_000, database = "bench_otlp" } = {},
): Promise<OtlpReport> {
  const collector = await startBenchCollector(url, database, { tenant: TENANT, key: KEY });
  const posting = { port: collector.port, key: KEY, concurrency: CONCURRENCY };
  const both = async (run: number, count: number, first: OtlpRun["first"]): Promise<OtlpRun> => {
    const otlp = otlpBodies(count, SPANS_PER_REQUEST, `otlp-${run}`);
    const json = jsonMessagesOf(otlpBodies(count, SPANS_PER_REQUEST, `json-${run}`));
    const rates = { otlp: 0, json: 0 };
    const measure = {
      otlp: async () => void (rates.otlp = (count * SPANS_PER_TURN) / (await postSpans(otlp, posting))),
      json: async () =>
        void (rates.json = json.length / (await postToCollector(json, { ...posting, perRequest: EVENTS_PER_REQUEST }))),
    };
    for (const path of first === "otlp" ? (["otlp", "json"] as const) : (["json", "otlp"] as const))
      await measure[path]();
    return { first, otlp_spans_per_s: Math.round(rates.otlp), json_events_per_s: Math.round(rates.json) };
  };
  try {
    await both(0, warmupTurns, "otlp");
    const measured: OtlpRun[] = [];
    for (let run = 1; run <= runs; run++) {
      measured.push(await both(run, turns, run % 2 === 1 ? "otlp" : "json"));
      progress(
        `  otlp run ${run}: ${measured.at(-1)!.otlp_spans_per_s} spans/s, json ${measured.at(-1)!.json_events_per_s} events/s`,
      );
    }
    // One answer per turn, each run sending its turns once by each path (new ids each time).
    const expected = 2 * (warmupTurns + runs * turns);
    const stored = await collector.storedAnswers();
    if (stored !== expected) throw new Error(`the collector stored ${stored} of ${expected} answers`);
    const otlp = median(measured.map((r) => r.otlp_spans_per_s));
    const json = median(measured.map((r) => r.json_events_per_s));
    const share = ratio(otlp, json);
    return {
      turns_per_run: turns,
      spans_per_request: SPANS_PER_REQUEST - (SPANS_PER_REQUEST % SPANS_PER_TURN),
      events_per_request: EVENTS_PER_REQUEST,
      concurrency: CONCURRENCY,
      runs: measured,
      otlp_spans_per_s: round(otlp, 0),
      json_events_per_s: round(json, 0),
      ratio: share,
      goal_ratio: OTLP_GOAL_RATIO,
      goal_met: share !== null && share >= OTLP_GOAL_RATIO,
    };
  } finally {
    await collector.stop();
  }
}
