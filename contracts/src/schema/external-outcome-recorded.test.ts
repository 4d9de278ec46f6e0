import { describe, expect, it } from "vitest";
import { makeExternalOutcome } from "../fixtures";
import { accept, reasonOf } from "../test-support";
import { messageKeyOf } from "../transport";
import type { ExternalOutcomeRecorded } from "./external-outcome-recorded";

const acceptOutcome = (overrides: Parameters<typeof makeExternalOutcome>[0]) =>
  accept(makeExternalOutcome(overrides)) as ExternalOutcomeRecorded;

describe("external_outcome_recorded", () => {
  it("normalizes the evaluation time and keeps the source’s own label", () => {
    const event = acceptOutcome({ occurred_at: "2026-08-20T12:00:00.250+08:00", label: "follow_up_without_feedback" });
    expect(event).toMatchObject({
      occurred_at: "2026-08-20T04:00:00.250Z",
      occurred_at_ms: Date.UTC(2026, 7, 20, 4, 0, 0, 250),
      response_id: "resp_1",
      source: "vikingbot",
      label: "follow_up_without_feedback",
      evidence_json: '{"feedback_type":"thumb_up","feedback_score":1,"user_follow_up_count":0}',
    });
    expect(event).not.toHaveProperty("evidence");
  });

  it("redacts secrets in the evidence, then truncates it", () => {
    const event = acceptOutcome({
      evidence: { api_key: "abc", note: "Bearer abcdefghijklmnopqrstuvwxyz", long: "x".repeat(5000) },
    });
    expect(event.evidence_json).not.toContain('abc"');
    expect(event.evidence_json).not.toContain("abcdefghijklmnopqrstuvwxyz");
    expect([...(event.evidence_json ?? "")]).toHaveLength(2000);
    expect(acceptOutcome({ evidence: null }).evidence_json).toBeNull();
    expect(acceptOutcome({ evidence: undefined }).evidence_json).toBeNull();
  });

  it.each([
    ["response_id", undefined, "missing_field:response_id"],
    ["response_id", "r".repeat(129), "invalid_field:response_id"],
    ["source", undefined, "missing_field:source"],
    ["source", "VikingBot", "invalid_field:source"],
    ["source", "viking bot", "invalid_field:source"],
    ["label", "", "invalid_field:label"],
    ["label", "l".repeat(65), "invalid_field:label"],
    ["label", null, "missing_field:label"],
    ["evidence", { nested: { a: 1 } }, "invalid_field:evidence.nested"],
    ["evidence", ["a"], "invalid_field:evidence"],
    ["occurred_at", "2026-08-20T12:00:00", "invalid_field:occurred_at"],
  ])("rejects %s = %j as %s", (field, value, reason) => {
    expect(reasonOf({ ...makeExternalOutcome(), [field]: value })).toBe(reason);
  });

  it("is keyed by its response on Kafka", () => {
    expect(messageKeyOf(makeExternalOutcome({ response_id: "r9" }))).toBe("r9");
  });
});
