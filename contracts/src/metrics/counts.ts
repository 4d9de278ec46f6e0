// The counts a metric divides, by the name the warehouse reads them under. Each comes from one
// source: the Phase 1 sums of response facts (metrics_5m and its rollups), the Phase 2 counts of
// outcome label rows, or the reduced tool calls. A rate over existing counts needs no new entry
// here; a new count is a new sum column or label count (README: the files that needs).

export const COUNT_SOURCES = ["responses", "labels", "tool_calls"] as const;
export type CountSource = (typeof COUNT_SOURCES)[number];

export const METRIC_COUNTS = {
  // Phase 1 sum columns (metrics_5m, metrics_1h_by_dimension), over the current response versions.
  responses: { source: "responses", description: "answers" },
  max_iterations: { source: "responses", description: "answers with `finish_reason` `max_iterations`" },
  no_reply: { source: "responses", description: "answers with `finish_reason` `no_reply`" },
  errors: { source: "responses", description: "answers with `finish_reason` `error`" },
  iterations: { source: "responses", description: "sum of `iteration_count`" },
  tools: { source: "responses", description: "sum of `tool_count`" },
  tokens: { source: "responses", description: "sum of `total_tokens`" },
  // Phase 2 counts of the current outcome label rows.
  rated: { source: "labels", description: "answers with an explicit rating" },
  rated_up: { source: "labels", description: "answers rated up" },
  rated_down: { source: "labels", description: "answers rated down" },
  window_closed: { source: "labels", description: "answers whose observation window is closed" },
  reasks: { source: "labels", description: "answers whose follow-up is a re-ask" },
  followups: { source: "labels", description: "answers with any follow-up" },
  final: { source: "labels", description: "answers whose label is final" },
  good_or_better: { source: "labels", description: "answers labelled `excellent` or `good`" },
  sessions_final: { source: "labels", description: "sessions whose first answer in the row has a final label" },
  sessions_resolved: {
    source: "labels",
    description: "sessions whose first answer in the row is `excellent` or `good` and has no follow-up",
  },
  // Reduced tool calls (by the call's time, or by its response's label row in a filtered row).
  tools_completed: { source: "tool_calls", description: "reduced tool calls `completed`" },
  tools_failed: { source: "tool_calls", description: "reduced tool calls `failed`" },
} as const satisfies Record<
  string,
  { source: CountSource; /** What it counts, as docs/metrics.md's table says it (Markdown). */ description: string }
>;
export type MetricCount = keyof typeof METRIC_COUNTS;
export const METRIC_COUNT_NAMES = Object.keys(METRIC_COUNTS) as MetricCount[];
/** The counts of one source, e.g. the Phase 1 sum columns (`responses`). */
export type CountOf<Source extends CountSource> = {
  [K in MetricCount]: (typeof METRIC_COUNTS)[K]["source"] extends Source ? K : never;
}[MetricCount];
