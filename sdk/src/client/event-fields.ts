import type { FeedbackSubmittedEvent, ResponseCompletedEvent, ToolCallEvent } from "../contract/events.generated.js";

/** The envelope fields the client fills in; a caller may still set event_id, tenant_id and occurred_at. */
type Envelope = "event_id" | "event_type" | "schema_version" | "tenant_id" | "occurred_at";

/** An event's own fields, as the caller passes them: the envelope is optional, `occurred_at` may be a Date. */
export type Fields<E> = Omit<E, Envelope> & {
  /** Defaults to a random UUID, made once: every retry of the event carries the same one. */
  event_id?: string;
  /** Defaults to the client's tenant. */
  tenant_id?: string;
  /** Defaults to the time of the call. */
  occurred_at?: string | Date;
};

export type ResponseCompletedFields = Fields<ResponseCompletedEvent>;
export type ToolCallFields = Fields<ToolCallEvent>;
/** `client_feedback_id` defaults to a random UUID made once for this action. */
export type FeedbackFields = Omit<Fields<FeedbackSubmittedEvent>, "client_feedback_id"> & {
  client_feedback_id?: string;
};

/** What a call did: the event's id, and whether it was queued (false: dropped, counted in stats().dropped). */
export interface Enqueued {
  event_id: string;
  queued: boolean;
}

export interface FeedbackEnqueued extends Enqueued {
  /** Keep it to send the same action again yourself: the collector then counts it once. */
  client_feedback_id: string;
}
