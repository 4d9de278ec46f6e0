import { redactPayload, redactSecrets } from "@answerscope/contracts";
import type { Rejection } from "@answerscope/warehouse";
import { explain, type NotOk } from "./result";
import { authorizeTenantStep } from "./steps/authorize-tenant";
import { toFactRowStep, type FactRow } from "./steps/to-fact-row";
import { parseStep, type EnvelopeHints } from "./steps/parse";

export interface MessageContext {
  /** Where the message came from, e.g. `kafka:topic/3@1200` or `http`. */
  source: string;
  /** Identifies this delivery, so a re-delivered bad message is stored once. */
  dedupKey: string;
  receivedAtMs: number;
  /** Set by the collector: the tenant of the ingest key. */
  keyTenant?: string;
}

export type PipelineOutcome =
  | { kind: "fact"; fact: FactRow; eventId: string; eventType: string; tenantId: string }
  | { kind: "dead_letter"; rejection: Rejection };

/** A dead-letter record carries the start of the payload: enough to debug, never over a broker's message limit. */
export const DEAD_LETTER_PAYLOAD_MAX_CHARS = 64 * 1024;

/** parse (size, JSON, schema) → authorize tenant → route to a fact row; the first step that says no wins. */
export function runPipeline(raw: Uint8Array | string, context: MessageContext): PipelineOutcome {
  // The text is needed only for a rejection: valid events are decoded once, by the contract.
  const payloadText = () =>
    typeof raw === "string" ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString("utf8");
  const reject = (result: NotOk, hints: EnvelopeHints): PipelineOutcome => {
    const payload = payloadText();
    const { reason, message } = explain(result);
    return {
      kind: "dead_letter",
      rejection: {
        reason,
        // A refused event passed none of the contract's redaction, and a message may quote a value.
        message: redactSecrets(message),
        dedupKey: context.dedupKey,
        receivedAtMs: context.receivedAtMs,
        source: context.source,
        // Redacted before the cut, so a cut never leaves half a secret that no rule recognises.
        payload: redactPayload(payload).slice(0, DEAD_LETTER_PAYLOAD_MAX_CHARS),
        payloadBytes: Buffer.byteLength(payload),
        ...hints,
      },
    };
  };

  const parsed = parseStep(raw, payloadText);
  if (parsed.kind !== "ok") return reject(parsed, parsed.hints ?? {});
  const event = parsed.value;
  const hints = { eventId: event.event_id, tenantId: event.tenant_id, eventType: event.event_type };
  const authorized = authorizeTenantStep(event, context.keyTenant);
  if (authorized.kind !== "ok") return reject(authorized, hints);
  const routed = toFactRowStep(event, context.receivedAtMs);
  if (routed.kind !== "ok") return reject(routed, hints);
  return {
    kind: "fact",
    fact: routed.value,
    eventId: event.event_id,
    eventType: event.event_type,
    tenantId: event.tenant_id,
  };
}
