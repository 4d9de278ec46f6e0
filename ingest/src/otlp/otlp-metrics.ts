import { Counter, type Registry } from "prom-client";

/** The receiver's own counters, beside the collector's (rejected events count in answerscope_ingest_rejected_total). */
export function createOtlpMetrics(registry: Registry) {
  return {
    spans: new Counter({
      name: "answerscope_ingest_otlp_spans_received_total",
      help: "Spans received on POST /v1/traces",
      registers: [registry],
    }),
    ignored: new Counter<"reason">({
      name: "answerscope_ingest_otlp_spans_ignored_total",
      help: "Spans that gave no event, by reason (no_genai_attributes, unmapped_operation, invalid_id, step_without_call)",
      labelNames: ["reason"],
      registers: [registry],
    }),
  };
}

export type OtlpMetrics = ReturnType<typeof createOtlpMetrics>;
