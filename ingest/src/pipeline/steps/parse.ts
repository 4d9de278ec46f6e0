import { parseEvent, type NormalizedEvent } from "@answerscope/contracts";
import type { Rejection } from "@answerscope/warehouse";
import { ok, type StepResult } from "../result";

export type EnvelopeHints = Pick<Rejection, "eventId" | "tenantId" | "eventType">;

/**
 * For text the contract could not read as JSON (broken, or too large to parse): a
 * cheap look for the envelope fields, so the producer's tenant can still find its
 * rejected events. Only values that are valid themselves are taken.
 */
export function envelopeHintsFromText(text: string): EnvelopeHints {
  const head = text.slice(0, 64 * 1024);
  const field = (name: string, pattern: string) => new RegExp(`"${name}"\\s*:\\s*"(${pattern})"`).exec(head)?.[1];
  return {
    eventId: field("event_id", '[^"\\\\]{1,128}'),
    tenantId: field("tenant_id", "[A-Za-z0-9_.-]{1,64}"),
    eventType: field("event_type", "[a-z_]{1,64}"),
  };
}

/** Bytes to a normalized event by the contract (size, JSON, schema), or a dead letter with its reason and whose it was. */
export function parseStep(
  raw: Uint8Array | string,
  text: () => string,
): StepResult<NormalizedEvent> & { hints?: EnvelopeHints } {
  const result = parseEvent(raw);
  if (result.ok) return ok(result.event);
  const unreadable = result.reason === "invalid_json" || result.reason === "too_large";
  const hints = unreadable
    ? envelopeHintsFromText(text())
    : { eventId: result.eventId, tenantId: result.tenantId, eventType: result.eventType };
  return { kind: "dead_letter", reason: result.reason, message: result.message, hints };
}
