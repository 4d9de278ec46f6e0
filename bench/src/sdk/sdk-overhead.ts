import { AnswerscopeClient, CLIENT_DEFAULTS, type ResponseCompletedFields } from "../../../sdk/src/index";
import { startBenchCollector } from "../bench-collector";
import { progress } from "../progress";
import { median, round } from "../stats";

/** The goal: the SDK costs its caller under 20 µs of CPU per event. */
export const SDK_GOAL_US_PER_EVENT = 20;

export interface SdkRun {
  events: number;
  /** The process's CPU during the calls themselves (building, serializing and queueing), per event: what a request path pays. */
  call_cpu_us_per_event: number;
  /** The calling process's CPU (all threads, GC included) from the first call to the end of flush(), per event: the calls plus batching and HTTP. */
  cpu_us_per_event: number;
  /** Events the collector acknowledged per second, first call to the end of flush(). */
  delivered_events_per_s: number;
}

export interface SdkOverheadReport {
  runs: SdkRun[];
  /** Medians over the runs. */
  call_cpu_us_per_event: number;
  cpu_us_per_event: number;
  delivered_events_per_s: number;
  goal_us_per_event: number;
  goal_met: boolean;
  /** The client's settings: its defaults, as an integration would run it. */
  max_batch_size: number;
}

const TENANT = "bench_sdk";
const KEY = "bench-sdk-ingest-key-000000000";

/** A realistic answer (ids, dimensions, a question of ~120 characters), built before the clock: the caller has it anyway. */
const answer = (run: number, i: number): ResponseCompletedFields => ({
  response_id: `sdk-${run}-r${i}`,
  session_id: `sdk-${run}-s${i >> 2}`,
  user_id: `sdk-u${i % 500}`,
  channel: "web",
  model: "gpt-4.1-mini",
  provider: "openai",
  chat_type: "dm",
  prompt_version: "v12",
  bot_version: "2026.12.1",
  trace_id: `trace-${run}-${i}`,
  time_cost_ms: 800 + (i % 4000),
  prompt_tokens: 1200 + (i % 300),
  completion_tokens: 180 + (i % 90),
  iteration_count: 1 + (i % 4),
  finish_reason: "stop",
  tool_count: i % 3,
  tools_used_names: ["search_docs", "run_query"].slice(0, i % 3),
  response_length: 640 + (i % 900),
  query_text: `How do I rotate the ingest key of tenant ${i % 50} without dropping events in flight, and what does the collector answer meanwhile?`,
  turn_index: i % 4,
});

/**
 * Sends `events` answers through a client of default settings and waits for every acknowledgement.
 * The answers come in slices of two batches, each slice awaited (flush) before the next, as a
 * service's answers keep coming while earlier ones are delivered: the queue stays within its
 * default bound, and the process's heap holds no more events than a running service's would.
 */
async function oneRun(endpoint: string, run: number, events: number): Promise<SdkRun> {
  const client = new AnswerscopeClient({ endpoint, apiKey: KEY, tenantId: TENANT });
  const slice = 2 * CLIENT_DEFAULTS.maxBatchSize;
  const fields = Array.from({ length: events }, (_, i) => answer(run, i));
  const calls = { user: 0, system: 0 };
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let from = 0; from < events; from += slice) {
    const sliceBefore = process.cpuUsage();
    for (let i = from; i < Math.min(events, from + slice); i++) client.responseCompleted(fields[i]!);
    const spent = process.cpuUsage(sliceBefore);
    calls.user += spent.user;
    calls.system += spent.system;
    await client.flush();
  }
  const flushed = performance.now();
  const cpu = process.cpuUsage(cpuBefore);
  const stats = await client.shutdown();
  if (stats.sent !== events)
    throw new Error(`the SDK sent ${stats.sent} of ${events} events: ${JSON.stringify(stats)}`);
  return {
    events,
    call_cpu_us_per_event: round((calls.user + calls.system) / events, 2),
    cpu_us_per_event: round((cpu.user + cpu.system) / events, 2),
    delivered_events_per_s: Math.round(events / ((flushed - started) / 1000)),
  };
}

/**
 * The SDK's cost to the process that calls it, against the real collector (its own process, as
 * deployed, writing to the bench ClickHouse): one warm-up run, then `runs` runs of `events`
 * answers each; the collector's acknowledgements are checked against the rows it stored.
 */
export async function measureSdkOverhead(
  url: string,
  { events = 10_000, runs = 3, warmupEvents = 5_000, database = "bench_sdk" } = {},
): Promise<SdkOverheadReport> {
  const collector = await startBenchCollector(url, database, { tenant: TENANT, key: KEY });
  try {
    const endpoint = `http://127.0.0.1:${collector.port}`;
    await oneRun(endpoint, 0, warmupEvents);
    const measured: SdkRun[] = [];
    for (let run = 1; run <= runs; run++) {
      measured.push(await oneRun(endpoint, run, events));
      progress(`  sdk run ${run}: ${measured.at(-1)!.cpu_us_per_event} µs CPU per event`);
    }
    const stored = await collector.storedAnswers();
    if (stored !== warmupEvents + runs * events)
      throw new Error(`the collector stored ${stored} of ${warmupEvents + runs * events} events`);
    const cpu = median(measured.map((r) => r.cpu_us_per_event));
    return {
      runs: measured,
      call_cpu_us_per_event: median(measured.map((r) => r.call_cpu_us_per_event)),
      cpu_us_per_event: cpu,
      delivered_events_per_s: median(measured.map((r) => r.delivered_events_per_s)),
      goal_us_per_event: SDK_GOAL_US_PER_EVENT,
      goal_met: cpu < SDK_GOAL_US_PER_EVENT,
      max_batch_size: CLIENT_DEFAULTS.maxBatchSize,
    };
  } finally {
    await collector.stop();
  }
}
