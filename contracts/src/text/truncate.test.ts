import { describe, expect, it } from "vitest";
import { truncateChars } from "./truncate";

describe("truncateChars", () => {
  it.each([
    ["abcdef", 3, "abc"],
    ["abc", 3, "abc"],
    ["ab", 3, "ab"],
    ["", 3, ""],
    ["你好世界", 2, "你好"],
    // Each emoji is two UTF-16 units but one character: the cut keeps whole emoji.
    ["😀😀😀", 2, "😀😀"],
    ["a😀b", 2, "a😀"],
  ])("%j cut to %i is %j", (text, max, expected) => {
    expect(truncateChars(text, max)).toBe(expected);
  });

  it("never leaves a lone surrogate", () => {
    const cut = truncateChars("😀".repeat(3000), 2000);
    expect([...cut]).toHaveLength(2000);
    expect(cut.length).toBe(4000);
    expect(cut.endsWith("😀")).toBe(true);
  });
});
