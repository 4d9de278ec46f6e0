import { describe, expect, it } from "vitest";
import { REASON_CODES, reasonCodeOf } from "./reason-code";

describe("reasonCodeOf", () => {
  it.each([
    ["irrelevant", "irrelevant"],
    ["Incorrect", "incorrect"],
    ["INCOMPLETE", "incomplete"],
    ["too slow", "too_slow"],
    ["Tool-Failed", "tool_failed"],
    ["too_verbose", "too_verbose"],
    ["Not actionable", "not_actionable"],
    ["bad-format", "bad_format"],
    ["Not grounded", "not_grounded"],
    ["not-grounded", "not_grounded"],
    ["not - grounded", "not_grounded"],
    ["  unsafe  ", "unsafe"],
    ["other", "other"],
    ["the answer was rude", "other"],
    ["答非所问", "other"],
    ["not grounded!", "other"],
  ] as const)("%j -> %s", (reason, code) => {
    expect(reasonCodeOf(reason)).toBe(code);
  });

  it.each([undefined, null, "", "   "])("%j has no code", (reason) => {
    expect(reasonCodeOf(reason)).toBeNull();
  });

  it("maps every listed code to itself", () => {
    for (const code of REASON_CODES) expect(reasonCodeOf(code)).toBe(code);
  });
});
