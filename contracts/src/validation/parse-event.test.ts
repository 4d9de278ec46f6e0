import { describe, expect, it } from "vitest";
import { makeFeedback, makeToolCall } from "../fixtures";
import { MAX_EVENT_BYTES } from "../limits";
import { acceptResult } from "../test-support";
import { parseEvent } from "./parse-event";
import { validateEvent } from "./validate-event";

/** A valid event serialized to exactly `bytes` UTF-8 bytes, padded by an ignored extra field. */
function eventOfSize(bytes: number, padChar = "x"): string {
  const base = JSON.stringify({ ...makeToolCall(), padding: "" });
  const padBytes = bytes - Buffer.byteLength(base);
  const charBytes = Buffer.byteLength(padChar);
  const text = JSON.stringify({ ...makeToolCall(), padding: padChar.repeat(Math.floor(padBytes / charBytes)) });
  return text + " ".repeat(bytes - Buffer.byteLength(text));
}

describe("parseEvent", () => {
  it("accepts a valid event from a string and from bytes, like validateEvent", () => {
    const raw = JSON.stringify(makeFeedback());
    const expected = validateEvent(makeFeedback());
    expect(parseEvent(raw)).toEqual(expected);
    expect(parseEvent(new TextEncoder().encode(raw))).toEqual(expected);
    expect(acceptResult(parseEvent(raw)).event_id).toBe("evt_feedback_1");
  });

  describe("too_large", () => {
    it("accepts exactly 256 KiB", () => {
      const raw = eventOfSize(MAX_EVENT_BYTES);
      expect(Buffer.byteLength(raw)).toBe(262_144);
      expect(parseEvent(raw).ok).toBe(true);
    });

    it("rejects one byte more, before parsing", () => {
      const raw = eventOfSize(MAX_EVENT_BYTES + 1);
      expect(parseEvent(raw)).toEqual({
        ok: false,
        reason: "too_large",
        message: expect.stringContaining("262145 bytes"),
      });
      expect(parseEvent(`{${"x".repeat(MAX_EVENT_BYTES)}`)).toMatchObject({ reason: "too_large" });
    });

    it("counts UTF-8 bytes, not characters", () => {
      const raw = eventOfSize(MAX_EVENT_BYTES + 2, "你"); // 3 bytes per character
      expect(raw.length).toBeLessThan(MAX_EVENT_BYTES);
      expect(parseEvent(raw)).toMatchObject({ ok: false, reason: "too_large" });
      expect(parseEvent(new TextEncoder().encode(raw))).toMatchObject({ ok: false, reason: "too_large" });
    });
  });

  describe("invalid_json", () => {
    it.each(["", "{", '{"event_type": "tool_call",}', "undefined", "{'a': 1}"])("%j", (raw) => {
      expect(parseEvent(raw)).toEqual({
        ok: false,
        reason: "invalid_json",
        message: expect.stringContaining("not JSON"),
      });
    });

    it("rejects bytes that are not UTF-8", () => {
      expect(parseEvent(new Uint8Array([0x7b, 0xff, 0x7d]))).toEqual({
        ok: false,
        reason: "invalid_json",
        message: "event is not valid UTF-8",
      });
    });

    it.each(["[]", "42", '"tool_call"', "null", "true"])("rejects JSON %s that is not an object", (raw) => {
      expect(parseEvent(raw)).toMatchObject({ ok: false, reason: "invalid_json" });
    });
  });

  it("passes other rejections through with the ids found", () => {
    const raw = JSON.stringify({ ...makeToolCall({ event_id: "evt_7" }), status: "delta" });
    expect(parseEvent(raw)).toMatchObject({
      ok: false,
      reason: "invalid_field:status",
      eventId: "evt_7",
      tenantId: "tenant_demo",
    });
  });
});
