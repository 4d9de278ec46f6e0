import { describe, expect, expectTypeOf, it } from "vitest";
import * as contracts from "./index";

// Other packages import these names; dropping or renaming one must fail here, not in their builds.
describe("package entry point", () => {
  it.each([
    "parseEvent",
    "validateEvent",
    "redactSecrets",
    "classifyQuery",
    "isReask",
    "reasonCodeOf",
    "rejectionReasonKind",
    "makeResponseCompleted",
    "makeToolCall",
    "makeFeedback",
    "makeExternalOutcome",
    "messageKeyOf",
    "buildJsonSchemas",
  ])("exports the function %s", (name) => {
    expect(typeof (contracts as Record<string, unknown>)[name]).toBe("function");
  });

  it("exports the vocabularies as arrays", () => {
    expect(contracts.EVENT_TYPES).toEqual([
      "response_completed",
      "tool_call",
      "feedback_submitted",
      "external_outcome_recorded",
    ]);
    expect(contracts.FINISH_REASONS).toEqual(["stop", "max_iterations", "no_reply", "error", "length", "cancelled"]);
    expect(contracts.TOOL_STATUSES).toEqual(["started", "completed", "failed"]);
    expect(contracts.TARGET_TYPES).toEqual(["chat_message", "citation", "diagnostic_step", "diagnostic_report"]);
    expect(contracts.RATINGS).toEqual(["up", "down", "neutral", "cleared"]);
    expect(contracts.REASON_CODES).toHaveLength(11);
    expect(contracts.REJECTION_REASON_KINDS).toHaveLength(6);
    expect(contracts.REASK_PHRASES.length).toBeGreaterThanOrEqual(13);
  });

  it("parses a fixture end to end", () => {
    const result = contracts.parseEvent(JSON.stringify(contracts.makeResponseCompleted()));
    expect(result.ok && result.event.event_type).toBe("response_completed");
  });

  // Checked by `tsc` (vitest only runs it): the output types follow from the schemas' transforms.
  it("derives input and output types from the schemas", () => {
    expectTypeOf<contracts.ResponseCompleted["occurred_at_ms"]>().toEqualTypeOf<number>();
    expectTypeOf<contracts.ResponseCompleted["total_tokens"]>().toEqualTypeOf<number>();
    expectTypeOf<contracts.ResponseCompleted["query_category_source"]>().toEqualTypeOf<"producer" | "rules">();
    expectTypeOf<contracts.ResponseCompletedInput["total_tokens"]>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<contracts.ToolCall["argument_keys"]>().toEqualTypeOf<string[]>();
    expectTypeOf<contracts.ToolCall["arguments_json"]>().toEqualTypeOf<string | null>();
    expectTypeOf<contracts.ToolCall>().not.toHaveProperty("arguments");
    expectTypeOf<contracts.FeedbackSubmitted["reason_code"]>().toEqualTypeOf<contracts.ReasonCode | null>();
    expectTypeOf<contracts.FeedbackSubmitted["content_hash"]>().toEqualTypeOf<string>();
    expectTypeOf<contracts.ExternalOutcomeRecorded["evidence_json"]>().toEqualTypeOf<string | null>();
    expectTypeOf<contracts.NormalizedEvent["event_type"]>().toEqualTypeOf<contracts.EventType>();
  });
});
