import { describe, expect, it } from "vitest";
import { makeToolCall } from "../fixtures";
import { accept, reasonOf } from "../test-support";
import type { ToolCall } from "./tool-call";

const acceptToolCall = (overrides: Parameters<typeof makeToolCall>[0]) => accept(makeToolCall(overrides)) as ToolCall;

describe("tool_call parent rule", () => {
  it("accepts a chat parent alone", () => {
    expect(acceptToolCall({ session_id: "sess_1" })).toMatchObject({ session_id: "sess_1", diagnostic_task_id: null });
  });

  it("accepts a diagnostic parent alone", () => {
    const event = acceptToolCall({ session_id: undefined, diagnostic_task_id: "task_1" });
    expect(event).toMatchObject({ session_id: null, diagnostic_task_id: "task_1" });
  });

  it("reads a null parent as absent", () => {
    expect(acceptToolCall({ session_id: null, diagnostic_task_id: "task_1" }).diagnostic_task_id).toBe("task_1");
  });

  it("rejects neither parent as missing_field:session_id", () => {
    expect(reasonOf(makeToolCall({ session_id: undefined, diagnostic_task_id: undefined }))).toBe(
      "missing_field:session_id",
    );
  });

  it("rejects both parents as invalid_field:diagnostic_task_id", () => {
    expect(reasonOf(makeToolCall({ session_id: "sess_1", diagnostic_task_id: "task_1" }))).toBe(
      "invalid_field:diagnostic_task_id",
    );
  });

  it("checks the fields before the parent rule", () => {
    expect(reasonOf(makeToolCall({ session_id: undefined, tool_name: "" }))).toBe("invalid_field:tool_name");
  });
});

describe("tool_call fields", () => {
  it.each([
    ["status", "delta", "invalid_field:status"],
    ["status", "COMPLETED", "invalid_field:status"],
    ["status", undefined, "missing_field:status"],
    ["tool_call_id", "c".repeat(129), "invalid_field:tool_call_id"],
    ["tool_name", undefined, "missing_field:tool_name"],
    ["user_id", "", "invalid_field:user_id"],
    ["session_id", "", "invalid_field:session_id"],
    ["response_id", "r".repeat(129), "invalid_field:response_id"],
    ["error_category", "e".repeat(65), "invalid_field:error_category"],
    ["duration_ms", -5, "invalid_field:duration_ms"],
    ["arguments", ["a"], "invalid_field:arguments"],
    ["arguments", '{"q": 1}', "invalid_field:arguments"],
    ["result_summary", { text: "x" }, "invalid_field:result_summary"],
  ])("%s = %j -> %s", (field, value, expected) => {
    expect(reasonOf({ ...makeToolCall(), [field]: value })).toBe(expected);
  });

  it.each(["started", "completed", "failed"] as const)("accepts status %s", (status) => {
    expect(acceptToolCall({ status }).status).toBe(status);
  });

  it("defaults absent optional fields to null", () => {
    const event = acceptToolCall({ response_id: undefined, result_summary: undefined, duration_ms: undefined });
    expect(event).toMatchObject({
      response_id: null,
      result_summary: null,
      error_message: null,
      error_category: null,
      duration_ms: null,
    });
  });
});

describe("tool_call arguments", () => {
  it("are stored serialized with their top-level keys, in place of the object", () => {
    const event = acceptToolCall({ status: "started", arguments: { query: "weather", options: { limit: 3 } } });
    expect(event.arguments_json).toBe('{"query":"weather","options":{"limit":3}}');
    expect(event.argument_keys).toEqual(["query", "options"]);
    expect(event).not.toHaveProperty("arguments");
  });

  it("are null with no keys when absent", () => {
    expect(acceptToolCall({ arguments: undefined })).toMatchObject({ arguments_json: null, argument_keys: [] });
    expect(acceptToolCall({ arguments: {} })).toMatchObject({ arguments_json: "{}", argument_keys: [] });
  });

  it("have credential values and secret shapes redacted", () => {
    const event = acceptToolCall({
      status: "started",
      arguments: {
        url: "https://api.example.com",
        apiKey: "k-123",
        headers: { Authorization: "Bearer abc" },
        note: "use sk-abcdefghijklmnopqrstuv",
      },
    });
    expect(event.arguments_json).toBe(
      '{"url":"https://api.example.com","apiKey":"[REDACTED]","headers":{"Authorization":"[REDACTED]"},"note":"use [REDACTED]"}',
    );
    expect(event.argument_keys).toEqual(["url", "apiKey", "headers", "note"]);
  });

  it("are truncated to 2000 characters after serialization", () => {
    const event = acceptToolCall({ status: "started", arguments: { text: "x".repeat(5000), second: 1 } });
    expect(event.arguments_json).toBe(`{"text":"${"x".repeat(1991)}`);
    expect(event.arguments_json).toHaveLength(2000);
    expect(event.argument_keys).toEqual(["text", "second"]);
  });
});

describe("tool_call texts", () => {
  it("redacts result_summary, then truncates it to 2000 characters", () => {
    const event = acceptToolCall({ result_summary: `token=abc123 ${"r".repeat(3000)}` });
    expect(event.result_summary).toBe(`token=[REDACTED] ${"r".repeat(1983)}`);
    expect(event.result_summary).toHaveLength(2000);
  });

  it("redacts error_message before truncating, so a secret cut at the limit never leaks", () => {
    // The key starts at character 1992: cut first, its first 9 characters would survive, too short to be recognised.
    const message = `${"x".repeat(1990)} sk-abcdefghijklmnopqrstuvwxyz tail`;
    const event = acceptToolCall({ status: "failed", error_message: message });
    expect(event.error_message).toBe(`${"x".repeat(1990)} [REDACTED`);
    expect(event.error_message).not.toContain("sk-");
  });

  it("redacts the secret shapes named by the contract in error_message", () => {
    const event = acceptToolCall({
      status: "failed",
      error_message:
        "POST failed: Authorization: Bearer tok.123 password=hunter2 key AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE",
    });
    expect(event.error_message).toBe(
      "POST failed: Authorization: Bearer [REDACTED] password=[REDACTED] key [REDACTED]",
    );
  });

  it("keeps short clean texts as they are", () => {
    expect(acceptToolCall({ status: "failed", error_message: "HTTP 504 from upstream" }).error_message).toBe(
      "HTTP 504 from upstream",
    );
  });
});
