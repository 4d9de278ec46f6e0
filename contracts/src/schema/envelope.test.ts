import { describe, expect, it } from "vitest";
import { makeFeedback, makeToolCall } from "../fixtures";
import { accept, reasonOf } from "../test-support";

describe("envelope", () => {
  it.each([
    ["event_id", "", "invalid_field:event_id"],
    ["event_id", "e".repeat(129), "invalid_field:event_id"],
    ["event_id", "e".repeat(128), "accepted"],
    ["event_id", 42, "invalid_field:event_id"],
    ["event_id", undefined, "missing_field:event_id"],
    ["event_id", null, "missing_field:event_id"],
    ["tenant_id", "acme corp", "invalid_field:tenant_id"],
    ["tenant_id", "acme/corp", "invalid_field:tenant_id"],
    ["tenant_id", "", "invalid_field:tenant_id"],
    ["tenant_id", "t".repeat(65), "invalid_field:tenant_id"],
    ["tenant_id", "t".repeat(64), "accepted"],
    ["tenant_id", "Acme.prod-1_eu", "accepted"],
    ["tenant_id", undefined, "missing_field:tenant_id"],
    ["schema_version", undefined, "missing_field:schema_version"],
    ["occurred_at", undefined, "missing_field:occurred_at"],
    ["occurred_at", "2026-11-30T10:00:00", "invalid_field:occurred_at"], // no zone
    ["occurred_at", "2026-11-30 10:00:00Z", "invalid_field:occurred_at"],
    ["occurred_at", "2026-02-30T10:00:00Z", "invalid_field:occurred_at"], // no such day
    ["occurred_at", "2026-11-30T24:00:00Z", "invalid_field:occurred_at"],
    ["occurred_at", "1969-12-31T23:59:59Z", "invalid_field:occurred_at"], // before the warehouse span
    ["occurred_at", "2106-01-01T00:00:00Z", "invalid_field:occurred_at"], // after it
    ["occurred_at", 1796032800123, "invalid_field:occurred_at"],
  ])("%s = %j -> %s", (field, value, expected) => {
    expect(reasonOf({ ...makeToolCall(), [field]: value })).toBe(expected);
  });

  // 2026-11-30T10:00:00.000Z is 1796032800000 ms after the epoch.
  it.each([
    ["2026-11-30T10:00:00.123Z", "2026-11-30T10:00:00.123Z", 1796032800123],
    ["2026-11-30T10:00:00Z", "2026-11-30T10:00:00.000Z", 1796032800000],
    ["2026-11-30T10:00:00.5Z", "2026-11-30T10:00:00.500Z", 1796032800500],
    ["2026-11-30T10:00:00.123456Z", "2026-11-30T10:00:00.123Z", 1796032800123],
    ["2026-11-30T18:00:00.123+08:00", "2026-11-30T10:00:00.123Z", 1796032800123],
    ["2026-11-30T05:30:00.123-04:30", "2026-11-30T10:00:00.123Z", 1796032800123],
    ["2026-12-01T00:30:00.000+01:00", "2026-11-30T23:30:00.000Z", 1796081400000],
  ])("normalizes occurred_at %s to %s (%i ms)", (occurredAt, normalized, ms) => {
    const event = accept(makeFeedback({ occurred_at: occurredAt }));
    expect(event.occurred_at).toBe(normalized);
    expect(event.occurred_at_ms).toBe(ms);
  });

  it("accepts the edges of the storable span", () => {
    expect(accept(makeFeedback({ occurred_at: "1970-01-01T00:00:00.001Z" })).occurred_at_ms).toBe(1);
    expect(accept(makeFeedback({ occurred_at: "2105-12-31T23:59:59.999Z" })).occurred_at).toBe(
      "2105-12-31T23:59:59.999Z",
    );
  });

  it.each([
    ["tool_call", makeToolCall({ occurred_at: "2026-11-30T18:00:00.123+08:00", arguments: { q: "x" } })],
    ["feedback_submitted", makeFeedback({ occurred_at: "2026-11-30T18:00:00.123+08:00" })],
  ])("normalizes a %s in its own copy: the producer’s object stays as it was sent", (_kind, input) => {
    const sent = structuredClone(input);
    const event = accept(input);
    expect(event).not.toBe(input);
    expect(event.occurred_at).toBe("2026-11-30T10:00:00.123Z");
    expect(input).toEqual(sent);
  });

  it("strips unknown fields", () => {
    const event = accept({ ...makeToolCall(), client_version: "9", nested: { a: 1 } });
    expect(event).not.toHaveProperty("client_version");
    expect(event).not.toHaveProperty("nested");
    expect(event.event_id).toBe("evt_tool_1");
  });
});
