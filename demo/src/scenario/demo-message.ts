import { messageKeyOf, type EventType } from "@answerscope/contracts";
import type { MalformedDefect } from "./malformed/corrupt-event";
import type { TimedEvent } from "./unit/unit-recorder";

/** One message as a producer hands it to a transport. */
export type DemoMessage = {
  readonly kind: EventType;
  /** The Kafka message key by the contract's transport rule (`messageKeyOf`). */
  readonly key: string | null;
  /** The event as JSON text; for a malformed message possibly not even JSON. */
  readonly value: string;
  readonly malformed: boolean;
  /** Which defect a malformed message has (absent on valid ones). */
  readonly defect?: MalformedDefect;
  /** The tenant whose ingest key must send it (a broken value cannot be read for its tenant_id). */
  readonly tenantId: string;
  /** When the event happened (epoch ms); live mode sends no message before its time. */
  readonly occurredAtMs: number;
};

export function toDemoMessage({ atMs, event }: TimedEvent): DemoMessage {
  return {
    kind: event.event_type,
    key: messageKeyOf(event),
    value: JSON.stringify(event),
    malformed: false,
    tenantId: event.tenant_id,
    occurredAtMs: atMs,
  };
}
