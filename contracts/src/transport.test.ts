import { describe, expect, it } from "vitest";
import { makeFeedback, makeResponseCompleted, makeToolCall } from "./fixtures";
import { messageKeyOf } from "./transport";

describe("messageKeyOf", () => {
  it("keys a response by its session", () => {
    expect(messageKeyOf(makeResponseCompleted({ session_id: "sess_9" }))).toBe("sess_9");
  });

  it("keys a tool call by its session, else its diagnostic task", () => {
    expect(messageKeyOf(makeToolCall({ session_id: "sess_9" }))).toBe("sess_9");
    expect(messageKeyOf(makeToolCall({ session_id: undefined, diagnostic_task_id: "task_3" }))).toBe("task_3");
  });

  it("keys feedback by its target", () => {
    expect(messageKeyOf(makeFeedback({ target_id: "resp_7" }))).toBe("resp_7");
  });
});
