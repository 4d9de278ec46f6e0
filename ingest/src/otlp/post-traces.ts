import { createHash } from "node:crypto";
import { ERROR_STATUS, HttpError, type Handler } from "@answerscope/runtime";
import { rejectionReasonKind, type RejectionReason } from "@answerscope/contracts";
import type { Rejection } from "@answerscope/warehouse";
import { admittedBody, authorize } from "../collector/admit-request";
import type { AcceptedEvent } from "../collector/event-sink";
import type { CollectorOptions } from "../collector/post-events";
import { runPipeline } from "../pipeline/pipeline";
import { decodeSpans, encodingOf, OtlpRequestError, unzipBody, type OtlpEncoding } from "./decode-request";
import { explainReason, exportMessage } from "./export-message";
import { mapSpans } from "./map-spans";
import { createOtlpMetrics } from "./otlp-metrics";
import { sendExportResponse, sendStatus } from "./reply";
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
  return async (req, res) => {
    let encoding: OtlpEncoding | undefined;
    try {
      encoding = encodingOf(req.headers["content-type"]);
    } catch {
      // answered after authentication: a caller without a key learns nothing else
    }
    try {
      const { tenantId, keyDigest } = authorize(req.headers.authorization, options.keys, "spans");
      if (!encoding) encoding = encodingOf(req.headers["content-type"]);
      const body = unzipBody(
        await admittedBody(req, options, keyDigest),
        req.headers["content-encoding"],
        options.maxBodyBytes,
      );
      const spans = decodeSpans(body, encoding);
      metrics.spans.inc(spans.length);
      const mapped = mapSpans(spans, tenantId);

      const receivedAtMs = Date.now();
      const accepted: AcceptedEvent[] = [];
      const rejections: Rejection[] = [];
      const rejectedSpans = new Set<OtlpSpan>();
      const reasons = new Set<string>();
      for (const { span, event } of mapped.events) {
        const raw = JSON.stringify(event);
        const dedupKey = `otlp:${tenantId}:${createHash("sha256").update(raw).digest("hex")}`;
        const outcome = runPipeline(raw, { source: "otlp", dedupKey, receivedAtMs, keyTenant: tenantId });
        if (outcome.kind === "fact") {
          accepted.push({ raw, eventType: outcome.eventType, fact: outcome.fact });
        } else {
          rejections.push({ ...outcome.rejection, tenantId });
          rejectedSpans.add(span);
          reasons.add(`${String(event.event_type)} ${explainReason(outcome.rejection.reason)}`);
        }
      }
      options.metrics.consumed.inc({ source: "otlp" }, mapped.events.length);
      try {
        await options.sink.handOff(accepted, rejections);
      } catch (error) {
        throw new HttpError(
          "unavailable",
          `spans could not be stored right now, retry the export: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      rejections.forEach((rejection) =>
        options.metrics.rejected.inc({ reason: rejectionReasonKind(rejection.reason as RejectionReason) }),
      );
      for (const [reason, { count }] of mapped.ignored) metrics.ignored.inc({ reason }, count);
      sendExportResponse(res, encoding, rejectedSpans.size, exportMessage(rejectedSpans.size, reasons, mapped.ignored));
    } catch (error) {
      if (error instanceof OtlpRequestError) return sendStatus(res, encoding ?? "json", error.status, error.message);
      if (error instanceof HttpError)
        return sendStatus(res, encoding ?? "json", ERROR_STATUS[error.code], error.message, error.headers);
      throw error;
    }
  };
}
