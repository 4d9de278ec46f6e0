import { describe, expect, it, vi } from "vitest";
import { makeFeedback, makeResponseCompleted, makeToolCall } from "../fixtures";
import { reasonOf } from "../test-support";
import { validateEvent } from "./validate-event";

describe("validateEvent", () => {
  it.each([
    ["an array", [makeToolCall()]],
    ["a number", 42],
    ["a string", "tool_call"],
    ["null", null],
    ["undefined", undefined],
  ])("rejects %s (not an object) as invalid_json without ids", (_name, value) => {
    expect(validateEvent(value)).toEqual({
      ok: false,
      reason: "invalid_json",
      message: expect.stringContaining("JSON object"),
    });
  });

  describe("event_type", () => {
    it.each([
      [undefined, "missing_field:event_type"],
      [null, "missing_field:event_type"],
      [7, "invalid_field:event_type"],
      ["tool_delta", "unsupported_event_type"],
      ["Tool_Call", "unsupported_event_type"],
      ["", "unsupported_event_type"],
    ])("%j -> %s", (eventType, expected) => {
      expect(reasonOf({ ...makeToolCall(), event_type: eventType })).toBe(expected);
    });

    it("is checked before schema_version", () => {
      expect(reasonOf({ ...makeToolCall(), event_type: "span", schema_version: 2 })).toBe("unsupported_event_type");
    });
  });

  describe("schema_version", () => {
    it.each([2, 0, 1.5, "1", "v1", true])("%j -> unsupported_schema_version", (version) => {
      expect(reasonOf({ ...makeToolCall(), schema_version: version })).toBe("unsupported_schema_version");
    });

    it("is checked before the fields of the event", () => {
      expect(reasonOf({ event_type: "tool_call", schema_version: 2 })).toBe("unsupported_schema_version");
    });

    it("when absent is a missing field", () => {
      expect(reasonOf({ ...makeToolCall(), schema_version: undefined })).toBe("missing_field:schema_version");
    });
  });

  it("reports the first issue in field order", () => {
    // status comes before user_id in the tool_call schema, and the envelope before both.
    expect(reasonOf({ ...makeToolCall(), status: "delta", user_id: undefined })).toBe("invalid_field:status");
    expect(reasonOf({ ...makeToolCall(), status: "delta", tenant_id: "a b" })).toBe("invalid_field:tenant_id");
  });

  it("names nested fields with a dotted path", () => {
    expect(reasonOf(makeResponseCompleted({ tools_used_names: ["a", "b", "c", ""] }))).toBe(
      "invalid_field:tools_used_names.3",
    );
  });

  it("treats a null array entry as invalid, not missing", () => {
    expect(reasonOf({ ...makeResponseCompleted(), tools_used_names: ["a", null] })).toBe(
      "invalid_field:tools_used_names.1",
    );
  });

  it("reports a null required field as missing", () => {
    expect(reasonOf({ ...makeFeedback(), rating: null })).toBe("missing_field:rating");
  });

  it("keeps the valid identifiers of a rejected event for the DLQ record", () => {
    const result = validateEvent({ ...makeToolCall({ event_id: "evt_9", tenant_id: "acme" }), status: "delta" });
    expect(result).toEqual({
      ok: false,
      reason: "invalid_field:status",
      message: expect.stringContaining("status"),
      eventId: "evt_9",
      tenantId: "acme",
      eventType: "tool_call",
    });
  });

  it("reports an unsupported event type by name", () => {
    const result = validateEvent({ event_type: "span_started", event_id: "evt_1", tenant_id: "acme" });
    expect(result).toMatchObject({
      ok: false,
      reason: "unsupported_event_type",
      eventType: "span_started",
      eventId: "evt_1",
      tenantId: "acme",
    });
  });

  it("leaves out identifiers that are themselves invalid", () => {
    const result = validateEvent({ ...makeToolCall(), event_id: "", tenant_id: "acme corp", event_type: 42 });
    expect(result.ok).toBe(false);
    expect(result).not.toHaveProperty("eventId");
    expect(result).not.toHaveProperty("tenantId");
    expect(result).not.toHaveProperty("eventType");
  });

  it("does not throw on values JSON cannot hold", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(reasonOf(makeToolCall({ status: "started", arguments: cyclic }))).toBe("invalid_field:arguments");
    expect(reasonOf(makeToolCall({ status: "started", arguments: { n: 10n } }))).toBe("invalid_field:arguments");
  });

  it("returns the normalized event when valid", () => {
    const result = validateEvent(makeFeedback({ reason: "Too slow" }));
    expect(result).toMatchObject({ ok: true, event: { event_type: "feedback_submitted", reason_code: "too_slow" } });
  });
});

describe("validateEvent where generated code is refused (a strict Content-Security-Policy)", () => {
  it("validates with zod alone: the same normalized events and rejections", async () => {
    const RealFunction = Function;
    // Refuses only the compiled parse's code (its factory takes `refs` first); zod's own JIT still runs.
    const refusing = function (...args: string[]) {
      if (args[0] === "refs") throw new EvalError("Code generation from strings disallowed for this context");
      return Reflect.construct(RealFunction, args);
    };
    vi.resetModules();
    vi.stubGlobal("Function", refusing);
    try {
      const { validateEvent: validateWithoutCodegen } = await import("./validate-event");
      for (const event of [
        makeResponseCompleted(),
        makeToolCall({ arguments: { token: "abc" } }),
        makeFeedback({ reason: " wrong " }),
      ]) {
        expect(validateWithoutCodegen(event)).toStrictEqual(validateEvent(event));
      }
      expect(validateWithoutCodegen({ ...makeToolCall(), user_id: null })).toMatchObject({
        ok: false,
        reason: "missing_field:user_id",
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
