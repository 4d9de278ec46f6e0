import { catalogGauges, type CatalogGaugeHelp } from "./exporter/catalog-gauges";

/**
 * The exporter's metric names and label sets, in one place: the exporter registers them and the
 * rule definitions refer to them, so a rename cannot leave a rule watching a metric that no
 * longer exists.
 *
 * Labels come only from bounded sets (each capped to its top N values plus `other`); a user,
 * session or response id, or any text, is never a label.
 */

/** Slices of response figures: who (tenant) asked which model over which channel. */
export const SLICE_LABELS = ["tenant", "model", "channel"] as const;
export const TOOL_SLICE_LABELS = ["tenant", "tool_name"] as const;

/** Every label name the exporter's own metrics may carry (prom-client's process metrics add theirs: version, kind, space). */
export const ALLOWED_LABELS = [
  "tenant",
  "model",
  "provider",
  "channel",
  "tool_name",
  "reason_code",
  "finish_reason",
  "rating",
  "status",
  "reason",
  "window",
  "le",
  "label",
] as const;

/** The value a capped label takes for everything outside its top N. */
export const OTHER = "other";

/** `window` values besides the configured short windows (`5m`, `1h`, ...). */
export const BASELINE_WINDOW = "baseline";
/** The same short window one day earlier, for volume comparisons that must respect the daily cycle. */
export const dayAgoWindow = (window: string) => `${window}_1d_ago`;

/** How the exporter's window counts each alertable metric of the catalog (exporter/catalog-gauges.ts derives the gauges' names and labels). */
const CATALOG_GAUGE_HELP: CatalogGaugeHelp = {
  response_count: {
    value:
      "Responses that occurred in the window (also 0 for a slice that had traffic in the baseline); the sample count of the response ratios",
  },
  latency_p95_ms: { value: "95th percentile of the window's response latency (time_cost_ms), within 0.5 %" },
  max_iteration_hit_rate: { value: "Share of the window's responses that hit max_iterations" },
  no_reply_rate: { value: "Share of the window's responses with finish_reason no_reply" },
  thumbs_down_rate: {
    value: "Share of the window's explicit answer ratings that are thumbs-down (by rating time)",
    samples: "Explicit answer ratings (up or down) given in the window",
  },
  good_answer_rate: {
    value: "Share of the window's responses with a final outcome label that are excellent or good",
    samples: "Responses in the window whose outcome label is final",
  },
  reask_rate: {
    value: "Share of the window's responses with a closed observation window whose follow-up is a re-ask",
    samples: "Responses in the window whose observation window is closed",
  },
  tool_success_rate: {
    value: "Share of the window's finished tool calls that completed (vs failed), by the call's first event",
    samples: "Tool calls in the window that completed or failed",
  },
};

/** The gauges of the catalog's alertable metrics, and the catalog metric behind each. */
export const { gauges: CATALOG_GAUGES, metricOf: CATALOG_GAUGE_METRICS } = catalogGauges(CATALOG_GAUGE_HELP, {
  slice: SLICE_LABELS,
  tool: TOOL_SLICE_LABELS,
});

export const GAUGES = {
  ...CATALOG_GAUGES,
  // Label freshness (warehouse/src/label-freshness): per tenant, no window.
  labelLag: {
    name: "answerscope_outcome_label_lag_seconds",
    help: "How far the tenant's outcome labels lag the events ingested (0 when nothing arrived after the evaluator's watermark; +Inf when its events were never evaluated)",
    labels: ["tenant"],
  },
  evaluatorFailing: {
    name: "answerscope_outcome_evaluator_failing",
    help: "1 when the outcome evaluator's newest run for the tenant failed, else 0",
    labels: ["tenant"],
  },
  // Langfuse write-back (warehouse/src/langfuse): per tenant with a write-back, no window.
  langfuseWritebackLag: {
    name: "answerscope_langfuse_writeback_lag_seconds",
    help: "How far the tenant's verdicts in Langfuse lag its finished outcome labels (0 when every finished label is written)",
    labels: ["tenant"],
  },
  langfuseWritebackFailing: {
    name: "answerscope_langfuse_writeback_failing",
    help: "1 when the tenant's newest Langfuse write-back pass failed, else 0",
    labels: ["tenant"],
  },
} as const;
export type GaugeKey = keyof typeof GAUGES;

/** Counters of what arrived in the warehouse since the exporter started (see README: why not lifetime totals). */
export const COUNTERS = {
  responses: {
    name: "answerscope_responses_total",
    help: "Responses stored in the warehouse (first version of each), by finish reason",
    labels: ["tenant", "model", "provider", "channel", "finish_reason"],
  },
  feedbackEvents: {
    name: "answerscope_feedback_events_total",
    help: "Rating events stored in the warehouse, by rating and reason code",
    labels: ["tenant", "rating", "reason_code"],
  },
  toolCalls: {
    name: "answerscope_tool_calls_total",
    help: "Tool call lifecycle events stored in the warehouse, by status",
    labels: ["tenant", "tool_name", "status"],
  },
  rejectedEvents: {
    name: "answerscope_rejected_events_total",
    help: "Dead-lettered events stored in the warehouse, by rejection kind",
    labels: ["tenant", "reason"],
  },
} as const;
export type CounterKey = keyof typeof COUNTERS;

export const LATENCY_HISTOGRAM = {
  name: "answerscope_response_latency_seconds",
  help: "Response latency (time_cost_ms) of responses stored in the warehouse",
  labels: SLICE_LABELS,
} as const;

export const EXPORTER_METRICS = {
  lastSuccess: "answerscope_exporter_last_success_timestamp_seconds",
  dataAge: "answerscope_exporter_data_age_seconds",
  failures: "answerscope_exporter_refresh_failures_total",
  refreshes: "answerscope_exporter_refreshes_total",
  duration: "answerscope_exporter_refresh_duration_seconds",
  warehouseUp: "answerscope_exporter_warehouse_up",
  cappedValues: "answerscope_exporter_capped_label_values",
} as const;

/**
 * The ingest service's own metrics that rules watch (registered in ingest/src/metrics.ts, which
 * this package does not depend on; test/integration/view-repair-alert.test.ts reads them off a
 * running ingest service's page).
 */
export const INGEST_METRICS = {
  consumerLag: "answerscope_ingest_consumer_lag",
  viewRepairRounds: "answerscope_ingest_view_repair_rounds_total",
  viewRepairFailures: "answerscope_ingest_view_repair_failures_total",
} as const;
