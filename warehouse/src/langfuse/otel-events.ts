import type { SpanKind } from "@opentelemetry/api";
import { createObservationAttributes } from "@langfuse/tracing";
import { ExportResultCode, millisToHrTime, type ExportResult } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { resourceFromAttributes } from "@opentelemetry/resources";
import type { ReadableSpan } from "@opentelemetry/sdk-trace";
import type { OutcomeEventWrite } from "./outcome-event";

/** Who sent the spans, as Langfuse shows it in the observation's metadata (resource and scope). */
const RESOURCE = resourceFromAttributes({ "service.name": "answerscope" });
const SCOPE = { name: "answerscope-langfuse-writeback" };
/** OpenTelemetry's SpanKind.INTERNAL and the sampled trace flag (the enums are the API package's). */
const INTERNAL = 0 as SpanKind;
const SAMPLED = 1;

/**
 * An outcome event as the span OpenTelemetry's OTLP exporter serialises: an event observation
 * (`langfuse.observation.type` event, no duration) with the verdict as
 * `langfuse.observation.metadata.*` attributes, built by the Langfuse SDK's own attribute mapping
 * (`@langfuse/tracing`), under the response's trace.
 */
export function outcomeSpan(event: OutcomeEventWrite): ReadableSpan {
  const at = millisToHrTime(event.atMs);
  return {
    name: event.name,
    kind: INTERNAL,
    spanContext: () => ({ traceId: event.traceId, spanId: event.spanId, traceFlags: SAMPLED }),
    parentSpanContext: { traceId: event.traceId, spanId: event.parentSpanId, traceFlags: SAMPLED, isRemote: true },
    startTime: at,
    endTime: at,
    duration: [0, 0],
    status: { code: 0 },
    attributes: createObservationAttributes("event", { metadata: event.metadata }),
    links: [],
    events: [],
    ended: true,
    resource: RESOURCE,
    instrumentationScope: SCOPE,
    droppedAttributesCount: 0,
    droppedEventsCount: 0,
    droppedLinksCount: 0,
  };
}

/** How an export ended: sent, or the HTTP status it failed with (undefined: no answer or retries exhausted). */
export type OtelExportOutcome = { ok: true } | { ok: false; status: number | undefined; message: string };

/**
 * The project's OTLP/HTTP endpoint (`POST {base_url}/api/public/otel/v1/traces`, protobuf), through
 * OpenTelemetry's exporter: Basic auth, `x-langfuse-ingestion-version: 4` (Langfuse's opt-in for
 * direct OTel exporters), and the exporter's own retry: 429, 502, 503 and 504 again after
 * `Retry-After` or a backoff of 1 s, 1.5 s, 2.25 s ... (at most 5 s, 5 retries), all within
 * `timeoutSeconds`.
 */
export function otelEventSender(baseUrl: string, authorization: string, timeoutSeconds: number) {
  const exporter = new OTLPTraceExporter({
    url: `${baseUrl.replace(/\/+$/, "")}/api/public/otel/v1/traces`,
    headers: { Authorization: authorization, "x-langfuse-ingestion-version": "4" },
    timeoutMillis: timeoutSeconds * 1000,
  });
  return {
    /** One OTLP request for all the events given. */
    send(events: readonly OutcomeEventWrite[]): Promise<OtelExportOutcome> {
      return new Promise((resolve) => {
        exporter.export(events.map(outcomeSpan), (result: ExportResult) => {
          if (result.code === ExportResultCode.SUCCESS) return resolve({ ok: true });
          // The error's message and data may quote the answer's body: only its status is kept.
          const status = (result.error as { code?: unknown } | undefined)?.code;
          resolve({
            ok: false,
            status: typeof status === "number" ? status : undefined,
            message: typeof status === "number" ? `HTTP ${status}` : "no success within the retries",
          });
        });
      });
    },
    close: () => exporter.shutdown(),
  };
}
