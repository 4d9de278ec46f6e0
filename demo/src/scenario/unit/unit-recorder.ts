import type { EventInput } from "@answerscope/contracts";

/** One generated event and when it happened (epoch ms), the sort key of the merged stream. */
export type TimedEvent = { readonly atMs: number; readonly event: EventInput };

type EnvelopeField = "event_id" | "schema_version" | "tenant_id" | "occurred_at";

/** An event without the envelope fields, which the recorder adds. */
export type EventBody<E extends EventInput> = Omit<E, EnvelopeField>;

/**
 * Collects the events of one unit (a chat session or a diagnostic task) and adds their envelope:
 * event id, tenant and timestamp. Builders pass whole milliseconds, so an event's time is exactly
 * the unit's start plus an offset that does not depend on the start (the backfill plan relies on
 * that).
 */
export class UnitRecorder {
  readonly events: TimedEvent[] = [];
  private sequence = 0;

  constructor(
    /** Unique per unit within a seed, e.g. `42_17`; every id of the unit derives from it. */
    readonly unitId: string,
    readonly tenantId: string,
  ) {}

  /** An id of this unit's kind, e.g. `idOf('sess')` -> `sess_42_17`, `idOf('resp', 't2')` -> `resp_42_17_t2`. */
  idOf(kind: string, ...parts: readonly (string | number)[]): string {
    return [kind, this.unitId, ...parts].join("_");
  }

  /** Adds the event made of `body` at time `atMs` and returns it. */
  record<E extends EventInput>(atMs: number, body: EventBody<E>): E {
    if (!Number.isSafeInteger(atMs)) throw new RangeError(`event time must be whole milliseconds, got ${atMs}`);
    // Object.assign, not `{ ...envelope, ...body }`: on Node 20 a spread followed by more
    // properties takes a slow path that made generation ~10x slower.
    const envelope = {
      event_id: this.idOf("evt", this.sequence++),
      event_type: body.event_type,
      schema_version: 1 as const,
      tenant_id: this.tenantId,
      occurred_at: new Date(atMs).toISOString(),
    };
    const event = Object.assign(envelope, body) as unknown as E;
    this.events.push({ atMs, event });
    return event;
  }
}
