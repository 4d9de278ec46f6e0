import { createHash } from "node:crypto";
import { HttpError } from "@answerscope/runtime";
import { rejectionReasonKind, type RejectionReason } from "@answerscope/contracts";
import type { Rejection } from "@answerscope/warehouse";
import { runPipeline } from "../pipeline/pipeline";
import type { IngestMetrics } from "../metrics";
import type { AcceptedEvent, EventSink } from "./event-sink";

/**
 * Runs each raw event of a write route through the same pipeline as a Kafka message, under the
 * key's tenant, and hands the accepted ones and the rejections to the sink; returns once they are
 * durable (503 saying `unavailable`, retryable, when they could not be), with each event's rejection (undefined when
 * accepted) in the order given. A retried request is harmless: rows are deduplicated by event_id,
 * rejections by a hash of their payload.
 */
export async function storeEvents(
  options: { sink: EventSink; metrics: IngestMetrics },
  raws: readonly string[],
  { tenantId, source, unavailable }: { tenantId: string; source: "http" | "otlp"; unavailable: string },
): Promise<(Rejection | undefined)[]> {
  const receivedAtMs = Date.now();
  const accepted: AcceptedEvent[] = [];
  const rejections: Rejection[] = [];
  const outcomes = raws.map((raw) => {
    const dedupKey = `${source}:${tenantId}:${createHash("sha256").update(raw).digest("hex")}`;
    const outcome = runPipeline(raw, { source, dedupKey, receivedAtMs, keyTenant: tenantId });
    if (outcome.kind === "fact") {
      accepted.push({ raw, eventType: outcome.eventType, fact: outcome.fact });
      return undefined;
    }
    // A rejection is stored under the key's tenant: the producer who sent it is the one to tell.
    const rejection = { ...outcome.rejection, tenantId };
    rejections.push(rejection);
    return rejection;
  });
  options.metrics.consumed.inc({ source }, raws.length);
  try {
    await options.sink.handOff(accepted, rejections);
  } catch (error) {
    throw new HttpError("unavailable", `${unavailable}: ${error instanceof Error ? error.message : String(error)}`);
  }
  rejections.forEach((rejection) =>
    options.metrics.rejected.inc({ reason: rejectionReasonKind(rejection.reason as RejectionReason) }),
  );
  return outcomes;
}
