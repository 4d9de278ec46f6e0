import { sendJson, type Handler, type KeyRing, type RateLimiter } from "@answerscope/runtime";
import type { IngestMetrics } from "../metrics";
import { admittedBody, authorize } from "./admit-request";
import type { EventSink } from "./event-sink";
import { splitBatch } from "./split-batch";
import { storeEvents } from "./store-events";

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
 * A retried batch is harmless (storeEvents).
 */
export function postEventsHandler(options: CollectorOptions): Handler {
  return async (req, res) => {
    const { tenantId, keyDigest } = authorize(req.headers.authorization, options.keys, "events");
    const body = await admittedBody(req, options, keyDigest);
    const texts = splitBatch(body, req.headers["content-type"], options.maxEvents);
    const outcomes = await storeEvents(options, texts, {
      tenantId,
      source: "http",
      unavailable: "events could not be stored right now, retry the batch",
    });
    const rejected = outcomes.flatMap((rejection, index) =>
      rejection ? [{ index, event_id: rejection.eventId ?? null, reason: rejection.reason }] : [],
    );
    sendJson(res, 202, { accepted: texts.length - rejected.length, rejected });
  };
}
