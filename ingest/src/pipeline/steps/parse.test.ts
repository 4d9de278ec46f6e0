import { makeResponseCompleted } from "@answerscope/contracts";
import { describe, expect, it } from "vitest";
import { envelopeHintsFromText, parseStep } from "./parse";

describe("parseStep", () => {
  it("yields the normalized event for a valid message", () => {
    const text = JSON.stringify(makeResponseCompleted({ event_id: "e1", tenant_id: "acme" }));
    const result = parseStep(Buffer.from(text), () => text);
    expect(result.kind).toBe("ok");
    expect(result.kind === "ok" && result.value.event_id).toBe("e1");
  });

  it("dead-letters with the contract's reason and the envelope it could read", () => {
    const text = JSON.stringify({ ...makeResponseCompleted({ event_id: "e2", tenant_id: "acme" }), model: 5 });
    expect(parseStep(text, () => text)).toMatchObject({
      kind: "dead_letter",
      reason: "invalid_field:model",
      hints: { eventId: "e2", tenantId: "acme", eventType: "response_completed" },
    });
  });

  it("finds the tenant of broken JSON in its text, but only a valid tenant id", () => {
    const broken = '{"tenant_id": "acme", "event_id": "e3", "event_type": "tool_call", oops';
    expect(parseStep(broken, () => broken)).toMatchObject({
      kind: "dead_letter",
      reason: "invalid_json",
      hints: { tenantId: "acme", eventId: "e3", eventType: "tool_call" },
    });
    expect(envelopeHintsFromText('{"tenant_id": "not a tenant!", x').tenantId).toBeUndefined();
  });

  it("dead-letters a message over 256 KiB as too_large without parsing it", () => {
    const text = `{"tenant_id":"acme","comment":"${"x".repeat(300 * 1024)}"}`;
    expect(parseStep(text, () => text)).toMatchObject({
      kind: "dead_letter",
      reason: "too_large",
      hints: { tenantId: "acme" },
    });
  });
});
