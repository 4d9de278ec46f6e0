import type { SdkOverheadReport } from "./sdk-overhead";

/** results.md's lines for the sdk section. */
export function sdkMarkdown(r: SdkOverheadReport): string[] {
  const runs = r.runs.map((run) => `${run.cpu_us_per_event}`).join(", ");
  return [
    `### SDK overhead (\`sdk\`)`,
    "",
    `@answerscope/sdk with its defaults (batches of ${r.max_batch_size}) sending answers to the collector, median of ${r.runs.length} runs of ${r.runs[0]?.events ?? 0} events: ` +
      `${r.cpu_us_per_event} µs of the calling process's CPU per event (runs: ${runs}; goal < ${r.goal_us_per_event} µs: ${r.goal_met ? "met" : "NOT met"}), ` +
      `of which ${r.call_cpu_us_per_event} µs in the calls themselves; ${r.delivered_events_per_s} events/s acknowledged by the collector.`,
    "",
  ];
}
