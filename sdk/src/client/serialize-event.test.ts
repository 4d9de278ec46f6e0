import { describe, expect, it } from "vitest";
import { serializeEvent } from "./serialize-event";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("serializeEvent", () => {
  it("fills in the envelope around the caller's fields", () => {
    const before = Date.now();
    const { eventId, json } = serializeEvent(
      "tool_call",
      { tool_call_id: "t1", status: "started", tool_name: "search", user_id: "u", session_id: "s" },
      '"acme"',
    );
    const event = JSON.parse(json);
    expect(eventId).toMatch(UUID);
    expect(event).toEqual({
      tool_call_id: "t1",
      status: "started",
      tool_name: "search",
      user_id: "u",
      session_id: "s",
      event_type: "tool_call",
      schema_version: 1,
      event_id: eventId,
      tenant_id: "acme",
      occurred_at: expect.any(String),
    });
    expect(Date.parse(event.occurred_at)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(event.occurred_at)).toBeLessThanOrEqual(Date.now());
  });

  it("keeps the envelope fields the caller set, once each, and a Date as its ISO time", () => {
    const { eventId, json } = serializeEvent(
      "response_completed",
      { event_id: "e-1", tenant_id: "other", occurred_at: new Date("2026-12-01T10:00:00.123Z") },
      '"acme"',
    );
    expect(eventId).toBe("e-1");
    expect(json.match(/"(event_id|tenant_id|occurred_at)"/g)).toEqual(['"event_id"', '"tenant_id"', '"occurred_at"']);
    expect(JSON.parse(json)).toEqual({
      event_id: "e-1",
      tenant_id: "other",
      occurred_at: "2026-12-01T10:00:00.123Z",
      event_type: "response_completed",
      schema_version: 1,
    });
  });

  it("makes event_type and schema_version the client's whatever the object carried, and serializes no fields at all", () => {
    const { json } = serializeEvent("feedback_submitted", { event_type: "tool_call", schema_version: 7 }, '"acme"');
    expect(JSON.parse(json)).toMatchObject({ event_type: "feedback_submitted", schema_version: 1 });
    expect(JSON.parse(serializeEvent("feedback_submitted", {}, '"a"').json)).toMatchObject({
      event_type: "feedback_submitted",
      tenant_id: "a",
    });
  });
});
