import type { NormalizedEvent } from "../schema/event";
import type { RejectionReason } from "./rejection-reason";

/**
 * Why an event was refused, plus whatever identifies it, for the dead-letter record. The ids are
 * best effort: each is set only when the raw value has it in a valid form (an unsupported
 * `event_type` is still reported, as any string of up to 64 characters).
 */
export type EventRejection = {
  readonly ok: false;
  readonly reason: RejectionReason;
  /** Human-readable detail for operators; not a stable format. */
  readonly message: string;
  readonly eventId?: string;
  readonly tenantId?: string;
  readonly eventType?: string;
};

export type EventAcceptance = { readonly ok: true; readonly event: NormalizedEvent };

/** The outcome of validating one event: never thrown, always returned. */
export type EventParseResult = EventAcceptance | EventRejection;
