import { z } from "zod";
import type { EventType } from "../vocabulary";
import { requiredString } from "./fields";

/** `[A-Za-z0-9_.-]`, 1..64: tenant ids end up in topic keys, file names and URLs, so no other characters. */
export const TENANT_ID_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

/** Schema version this package validates; other versions are `unsupported_schema_version`. */
export const SCHEMA_VERSION = 1;

// The warehouse stores times in ClickHouse `DateTime` (Unix seconds in 32 bits, 1970..2106), so a
// time outside that span could not be stored; rejecting it here keeps it out of a failing insert.
const EARLIEST_MS = Date.UTC(1970, 0, 1);
const LATEST_MS = Date.UTC(2106, 0, 1) - 1;

/**
 * RFC 3339 with a zone (`Z` or `±hh:mm`, upper-case `T`): a time without a zone is ambiguous.
 * Any fraction is accepted; digits past milliseconds are dropped when normalized.
 */
export const occurredAt = () =>
  z.iso.datetime({ offset: true, local: false }).refine((text) => {
    const ms = Date.parse(text);
    return ms >= EARLIEST_MS && ms <= LATEST_MS;
  }, "occurred_at must lie between 1970-01-01 and 2105-12-31 (UTC)");

/** Fields every event carries, with `event_type` fixed to one kind. Listed first: issues are reported in field order. */
export const envelopeShape = <T extends EventType>(eventType: T) => ({
  event_id: requiredString(128).describe("Unique per event; the idempotency key."),
  event_type: z.literal(eventType),
  schema_version: z.literal(SCHEMA_VERSION),
  tenant_id: requiredString(64).regex(TENANT_ID_PATTERN).describe("The isolation boundary (a project or workspace)."),
  occurred_at: occurredAt().describe("RFC 3339 with zone, e.g. 2026-11-30T10:00:00.123Z."),
});

/** Already in the normalized form: `YYYY-MM-DDThh:mm:ss.sssZ` (checked by length and the two fixed characters; the schema validated the rest). */
const isNormalizedUtc = (text: string) =>
  text.length === 24 && text.charCodeAt(19) === 46 /* . */ && text.charCodeAt(23) === 90; /* Z */

/**
 * Replaces `occurred_at` by its UTC form with milliseconds (`2026-11-30T08:00:00.123Z` for
 * `2026-11-30T10:00:00.123+02:00`) and adds `occurred_at_ms` (epoch ms), so stored times compare
 * as text and as numbers alike.
 *
 * In place: the event transforms pass the object zod has just built for this parse, and extend
 * it rather than copy its thirty-odd fields (object spreads and rest patterns were a third of
 * the ingest pipeline's CPU per event).
 */
export function withNormalizedTime<T extends { occurred_at: string }>(event: T): T & { occurred_at_ms: number } {
  const normalized = event as T & { occurred_at_ms: number };
  normalized.occurred_at_ms = Date.parse(event.occurred_at);
  if (!isNormalizedUtc(event.occurred_at)) normalized.occurred_at = new Date(normalized.occurred_at_ms).toISOString();
  return normalized;
}
