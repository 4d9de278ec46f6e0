import { describe, expect, it } from "vitest";
import { REJECTION_REASON_KINDS, dottedPath, rejectionReasonKind } from "./rejection-reason";

describe("rejection reasons", () => {
  it("lists the six kinds of docs/events.md", () => {
    expect(REJECTION_REASON_KINDS).toEqual([
      "invalid_json",
      "invalid_field",
      "missing_field",
      "unsupported_schema_version",
      "unsupported_event_type",
      "too_large",
    ]);
  });

  it.each([
    ["invalid_field:tools_used_names.3", "invalid_field"],
    ["missing_field:session_id", "missing_field"],
    ["too_large", "too_large"],
    ["unsupported_event_type", "unsupported_event_type"],
  ] as const)("%s is of kind %s", (reason, kind) => {
    expect(rejectionReasonKind(reason)).toBe(kind);
  });

  it("joins paths with dots", () => {
    expect(dottedPath(["tools_used_names", 3])).toBe("tools_used_names.3");
    expect(dottedPath(["arguments"])).toBe("arguments");
  });
});
