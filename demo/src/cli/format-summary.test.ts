import { describe, expect, it } from "vitest";
import type { SendSummary } from "../send/send-stream";
import { formatSummary } from "./format-summary";

const summary: SendSummary = {
  sent: 1000,
  total: 1000,
  accepted: 990,
  rejected: 10,
  elapsedMs: 2000,
  sentByKind: { response_completed: 250, tool_call: 650, feedback_submitted: 100, external_outcome_recorded: 0 },
  malformedSent: 10,
  malformedByDefect: new Map([
    ["invalid_json", 4],
    ["wrong_type", 6],
  ]),
  rejectedByReason: new Map([
    ["invalid_json", 4],
    ["invalid_field:time_cost_ms", 6],
  ]),
  interrupted: false,
};

describe("formatSummary", () => {
  it("lists kinds, malformed by defect, accepted and rejected by reason for the collector", () => {
    const text = formatSummary(summary, {
      kind: "collector",
      description: "collector http://127.0.0.1:4318/v1/events",
    });
    expect(text).toContain(
      "demo done: sent 1000 of 1000 events to collector http://127.0.0.1:4318/v1/events in 2.0 s (500 events/s)",
    );
    expect(text).toMatch(/tool_call +650/);
    expect(text).toMatch(/malformed +10 {2}\(wrong_type 6, invalid_json 4\)/);
    expect(text).toMatch(/accepted +990\n {2}rejected +10\n {4}invalid_field:time_cost_ms +6\n {4}invalid_json +4\n$/);
  });

  it("says where malformed events end up with Kafka, and reports a failure", () => {
    const text = formatSummary(
      { ...summary, rejected: 0, rejectedByReason: new Map(), failure: new Error("broker gone") },
      { kind: "kafka", description: "kafka b:9092" },
    );
    expect(text).toContain("demo FAILED");
    expect(text).toMatch(/acked by Kafka +990/);
    expect(text).toContain("dead-letter topic");
    expect(text).toContain("error: broker gone");
  });
});
