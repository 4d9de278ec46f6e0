import { describe, expect, it } from "vitest";
import { buildTraceUrl } from "./trace-url";

describe("buildTraceUrl", () => {
  const template = "https://langfuse.example.com/project/{tenant_id}/traces/{trace_id}";

  it("fills both placeholders", () => {
    expect(buildTraceUrl(template, "t-acme", "trace-1")).toBe(
      "https://langfuse.example.com/project/t-acme/traces/trace-1",
    );
  });

  it("encodes values so a trace id cannot change the path or host", () => {
    expect(buildTraceUrl(template, "t.a", "../x?y=1#z/é")).toBe(
      "https://langfuse.example.com/project/t.a/traces/..%2Fx%3Fy%3D1%23z%2F%C3%A9",
    );
  });

  it("is null without a template or a trace id", () => {
    expect(buildTraceUrl(undefined, "t", "trace-1")).toBeNull();
    expect(buildTraceUrl("", "t", "trace-1")).toBeNull();
    expect(buildTraceUrl(template, "t", "")).toBeNull();
    expect(buildTraceUrl(template, "t", null)).toBeNull();
  });
});
