import { describe, expect, it } from "vitest";
import { reasonCodeOf, REASON_CODES } from "./reason-code";

describe("reasonCodeOf (docs/events.md)", () => {
  it.each([
    ["Not grounded", "not_grounded"],
    ["not-grounded", "not_grounded"],
    ["  Not-Actionable ", "not_actionable"],
    ["BAD FORMAT", "bad_format"],
    ["too_verbose", "too_verbose"],
    ["Incomplete answer", "other"],
    ["meh", "other"],
  ])("%j -> %s", (reason, code) => {
    expect(reasonCodeOf(reason)).toBe(code);
  });
  it("only an absent reason has no code; separators count one by one", () => {
    expect(reasonCodeOf(undefined)).toBeNull();
    expect(reasonCodeOf("   ")).toBe("other");
    expect(reasonCodeOf("not - grounded")).toBe("other");
  });
  it("every code maps to itself; other is the rest", () => {
    for (const code of REASON_CODES) expect(reasonCodeOf(code)).toBe(code);
    expect(reasonCodeOf("other")).toBe("other");
  });
  it("is cut to 80 characters first", () => {
    expect(reasonCodeOf(`${"x".repeat(80)}incorrect`)).toBe("other");
  });
});
