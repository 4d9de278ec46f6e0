import { describe, expect, it } from "vitest";
import { makeFeedback, makeResponseCompleted, makeToolCall } from "./fixtures";
import { validateEvent } from "./validation/validate-event";

describe("fixtures", () => {
  it.each([
    ["makeResponseCompleted", makeResponseCompleted],
    ["makeToolCall", makeToolCall],
    ["makeFeedback", makeFeedback],
  ] as const)("%s builds a valid event", (_name, make) => {
    const result = validateEvent(make());
    expect(result.ok ? "accepted" : result.reason).toBe("accepted");
  });

  it("applies overrides and returns a fresh object each time", () => {
    const first = makeToolCall({ status: "failed", error_message: "boom" });
    expect(first).toMatchObject({ status: "failed", error_message: "boom", tool_call_id: "call_1" });
    first.tool_name = "changed";
    expect(makeToolCall().tool_name).toBe("web_search");
  });

  it("builds a response and its feedback that point at each other", () => {
    const response = makeResponseCompleted();
    const feedback = makeFeedback();
    expect(feedback.target_id).toBe(response.response_id);
    expect(feedback.user_id).toBe(response.user_id);
  });
});
