import type { Rejection } from "@answerscope/warehouse";

/** Where a Kafka message was read: a rejection's source and, since a re-delivery has the same, its dedup key. */
export const messageCoordinates = (topic: string, partition: number, offset: string): string =>
  `kafka:${topic}/${partition}@${offset}`;

/** A dead-letter record: the rejection with its reason and the original payload. */
export function toDeadLetterMessage(rejection: Rejection) {
  return {
    key: rejection.dedupKey,
    value: JSON.stringify(rejection),
    headers: { reason: rejection.reason, source: rejection.source },
  };
}

/** Reads a dead-letter record back; a record that is not ours is kept as it is, never lost. */
export function fromDeadLetterMessage(value: Buffer | null, coordinates: string, receivedAtMs: number): Rejection {
  const text = value?.toString("utf8") ?? "";
  try {
    const parsed = JSON.parse(text) as Partial<Rejection>;
    if (
      typeof parsed.reason === "string" &&
      typeof parsed.dedupKey === "string" &&
      typeof parsed.payload === "string"
    ) {
      return {
        dedupKey: parsed.dedupKey,
        receivedAtMs: typeof parsed.receivedAtMs === "number" ? parsed.receivedAtMs : receivedAtMs,
        source: typeof parsed.source === "string" ? parsed.source : coordinates,
        reason: parsed.reason,
        message: typeof parsed.message === "string" ? parsed.message : "",
        eventId: parsed.eventId,
        tenantId: parsed.tenantId,
        eventType: parsed.eventType,
        payload: parsed.payload,
        payloadBytes: typeof parsed.payloadBytes === "number" ? parsed.payloadBytes : Buffer.byteLength(parsed.payload),
      };
    }
  } catch {
    // falls through: not a record this pipeline wrote
  }
  return {
    dedupKey: coordinates,
    receivedAtMs,
    source: coordinates,
    reason: "invalid_dead_letter_record",
    message: "a message on the dead-letter topic that this pipeline did not write",
    payload: text,
    payloadBytes: Buffer.byteLength(text),
  };
}
