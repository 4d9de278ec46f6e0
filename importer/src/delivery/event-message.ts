import { messageKeyOf } from "@answerscope/contracts";
import type { DemoMessage } from "@answerscope/demo";
import type { MappedEvent } from "../mapping/mapping-context";

/** An imported event in the shape the demo transports deliver (keyed by the contract's rule). */
export function eventMessageOf({ event, occurredAtMs }: MappedEvent): DemoMessage {
  return {
    kind: event.event_type,
    key: messageKeyOf(event),
    value: JSON.stringify(event),
    malformed: false,
    tenantId: event.tenant_id,
    occurredAtMs,
  };
}
