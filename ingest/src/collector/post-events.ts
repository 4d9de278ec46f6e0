import { createHash } from "node:crypto";
import type { Rejection } from "@answerscope/warehouse";
import { HttpError, sendJson, type Handler, type KeyRing, type RateLimiter } from "@answerscope/runtime";
import { rejectionReasonKind, type RejectionReason } from "@answerscope/contracts";
import type { IngestMetrics } from "../metrics";
import { runPipeline } from "../pipeline/pipeline";
import { admittedBody, authorize } from "./admit-request";
import type { AcceptedEvent, EventSink } from "./event-sink";
import { splitBatch } from "./split-batch";

export interface CollectorOptions {
  keys: KeyRing;
  sink: EventSink;
  metrics: IngestMetrics;
  maxBodyBytes: number;
  maxEvents: number;
  /** Per ingest key; absent: no rate limit. */
  limiter?: RateLimiter;
}

/**
 * POST /v1/events (docs/api.md): every event runs the same pipeline as a Kafka
 * message; the answer is 202 only once the accepted events are durable. A rejected
 * event is reported by index and kept (rejected table or DLQ) with its reason.
 * A retried batch is harmless: rows are deduplicated by event_id, rejections by a
 * hash of their payload.
 */
export function postEventsHandler(options: CollectorOptions): Handler {
  return async (req, res) => {
    const { tenantId, keyDigest } = authorize(req.headers.authorization, options.keys, "events");
    const body = await admittedBody(req, options, keyDigest);
    const texts = splitBatch(body, req.headers["content-type"], options.maxEvents);
    const receivedAtMs = Date.now();
    const accepted: AcceptedEvent[] = [];
    const rejections: Rejection[] = [];
    const rejected: { index: number; event_id: string | null; reason: string }[] = [];
    texts.forEach((raw, index) => {
      const dedupKey = `http:${tenantId}:${createHash("sha256").update(raw).digest("hex")}`;
      const outcome = runPipeline(raw, { source: "http", dedupKey, receivedAtMs, keyTenant: tenantId });
      if (outcome.kind === "fact") {
        accepted.push({ raw, eventType: outcome.eventType, fact: outcome.fact });
      } else {
        // A rejection is stored under the key's tenant: the producer who sent it is the one to tell.
        rejections.push({ ...outcome.rejection, tenantId });
        rejected.push({ index, event_id: outcome.rejection.eventId ?? null, reason: outcome.rejection.reason });
      }
    });
    options.metrics.consumed.inc({ source: "http" }, texts.length);
    try {
      await options.sink.handOff(accepted, rejections);
    } catch (error) {
      throw new HttpError(
        "unavailable",
        `events could not be stored right now, retry the batch: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    rejections.forEach((rejection) =>
      options.metrics.rejected.inc({ reason: rejectionReasonKind(rejection.reason as RejectionReason) }),
    );
    sendJson(res, 202, { accepted: accepted.length, rejected });
  };
}
