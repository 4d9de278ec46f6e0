import type { EventType } from "../contract/event-types.js";
import { randomId } from "../ids.js";
import type { Fields } from "./event-fields.js";

/**
 * One event as the JSON text the collector receives: the caller's fields, serialized once and not
 * copied (the per-event cost of the SDK is mostly this), then the envelope the client fills in.
 * An envelope field the caller set (event_id, tenant_id, occurred_at; a Date serializes as its
 * ISO time) stays the caller's; event_type and schema_version come last, so they are always the
 * client's, whatever the object carried.
 */
export function serializeEvent(
  eventType: EventType,
  fields: Fields<{ [field: string]: unknown }>,
  tenantJson: string,
): { eventId: string; json: string } {
  const eventId = fields.event_id ?? randomId();
  let envelope = `"event_type":"${eventType}","schema_version":1`;
  // randomId() is a UUID: nothing in it needs escaping.
  if (fields.event_id === undefined) envelope += `,"event_id":"${eventId}"`;
  if (fields.tenant_id === undefined) envelope += `,"tenant_id":${tenantJson}`;
  if (fields.occurred_at === undefined) envelope += `,"occurred_at":"${new Date().toISOString()}"`;
  const body = JSON.stringify(fields);
  return { eventId, json: body.length > 2 ? `${body.slice(0, -1)},${envelope}}` : `{${envelope}}` };
}
