// Assertion helpers shared by this package's tests (not exported from the package).
import type { NormalizedEvent } from "./schema/event";
import type { EventParseResult } from "./validation/event-parse-result";
import { validateEvent } from "./validation/validate-event";

/** The normalized event, or a thrown error naming the rejection (a clearer test failure than `ok: false`). */
export function accept(value: unknown): NormalizedEvent {
  return acceptResult(validateEvent(value));
}

export function acceptResult(result: EventParseResult): NormalizedEvent {
  if (!result.ok) throw new Error(`expected the event to be accepted, got ${result.reason}: ${result.message}`);
  return result.event;
}

/** The rejection reason, or `accepted` when the event passed. */
export function reasonOf(value: unknown): string {
  const result = validateEvent(value);
  return result.ok ? "accepted" : result.reason;
}
