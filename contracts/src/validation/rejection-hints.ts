import { TENANT_ID_PATTERN } from "../schema/envelope";

export type RejectionHints = { eventId?: string; tenantId?: string; eventType?: string };

const isStringUpTo = (value: unknown, max: number): value is string =>
  typeof value === "string" && value.length >= 1 && value.length <= max;

/**
 * Identifiers read from a raw event that failed validation, so the DLQ record can still say whose
 * and which event it was. A value is taken only when it is valid itself: an invalid tenant id
 * must never become a tenant key in the warehouse.
 */
export function rejectionHints(raw: Readonly<Record<string, unknown>>): RejectionHints {
  const hints: RejectionHints = {};
  if (isStringUpTo(raw.event_id, 128)) hints.eventId = raw.event_id;
  if (typeof raw.tenant_id === "string" && TENANT_ID_PATTERN.test(raw.tenant_id)) hints.tenantId = raw.tenant_id;
  if (isStringUpTo(raw.event_type, 64)) hints.eventType = raw.event_type;
  return hints;
}
