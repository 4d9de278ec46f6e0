import { MAX_EVENT_BYTES } from "../limits";
import type { EventParseResult } from "./event-parse-result";
import { validateEvent } from "./validate-event";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Parses one raw message (a Kafka value or one NDJSON line) into a normalized event or a
 * rejection. The size check comes first so an oversized message is never parsed. Never throws.
 */
export function parseEvent(raw: string | Uint8Array): EventParseResult {
  const bytes = typeof raw === "string" ? Buffer.byteLength(raw, "utf8") : raw.byteLength;
  if (bytes > MAX_EVENT_BYTES) {
    return {
      ok: false,
      reason: "too_large",
      message: `event is ${bytes} bytes, over the ${MAX_EVENT_BYTES}-byte limit`,
    };
  }

  let text: string;
  try {
    text = typeof raw === "string" ? raw : utf8.decode(raw);
  } catch {
    return { ok: false, reason: "invalid_json", message: "event is not valid UTF-8" };
  }

  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: "invalid_json", message: `event is not JSON: ${(error as Error).message}` };
  }
  return validateEvent(value);
}
