import type { Handler } from "@answerscope/runtime";
import { admittedBody, authorize } from "../collector/admit-request";
import type { CollectorOptions } from "../collector/post-events";
import { storeEvents } from "../collector/store-events";
import { decodeSpans, encodingOf, unzipBody } from "./decode-request";
import { explainReason, exportMessage } from "./export-message";
import { mapSpans } from "./map-spans";
import { createOtlpMetrics } from "./otlp-metrics";
import { sendExportResponse } from "./reply";
import type { OtlpSpan } from "./spans";

/**
 * POST /v1/traces: an OTLP/HTTP trace export (protobuf or JSON, gzip or not) mapped to contract
 * events (README.md), which then run the same pipeline and sink as POST /v1/events: validated,
 * stored once (event ids derive from span ids, so a retried export stores nothing twice) or kept
 * as rejected with their reason, through Kafka when the collector writes there. 200 only once
 * the accepted events are durable; 503 (retryable for OTLP exporters) when they could not be.
 */
export function postTracesHandler(options: CollectorOptions): Handler {
  const metrics = createOtlpMetrics(options.metrics.registry);
  // Errors are thrown as HttpErrors and answered by the runtime's reply path in OTLP's form (reply.ts).
  return async (req, res) => {
    const { tenantId, keyDigest } = authorize(req.headers.authorization, options.keys, "spans");
    // After authentication: a caller without a key learns nothing else.
    const encoding = encodingOf(req.headers["content-type"]);
    const body = unzipBody(
      await admittedBody(req, options, keyDigest),
      req.headers["content-encoding"],
      options.maxBodyBytes,
    );
    const spans = decodeSpans(body, encoding);
    metrics.spans.inc(spans.length);
    const mapped = mapSpans(spans, tenantId);

    const outcomes = await storeEvents(
      options,
      mapped.events.map(({ event }) => JSON.stringify(event)),
      { tenantId, source: "otlp", unavailable: "spans could not be stored right now, retry the export" },
    );
    const rejectedSpans = new Set<OtlpSpan>();
    const reasons = new Set<string>();
    outcomes.forEach((rejection, index) => {
      if (!rejection) return;
      const { span, event } = mapped.events[index]!;
      rejectedSpans.add(span);
      reasons.add(`${String(event.event_type)} ${explainReason(rejection.reason)}`);
    });
    for (const [reason, { count }] of mapped.ignored) metrics.ignored.inc({ reason }, count);
    sendExportResponse(res, encoding, rejectedSpans.size, exportMessage(rejectedSpans.size, reasons, mapped.ignored));
  };
}
