import { describe, expect, it } from "vitest";
import { sqlIdentifier, sqlList, sqlString, sqlValue } from "./escape";

describe("sqlString", () => {
  it.each([
    ["plain", "'plain'"],
    ["it's", "'it\\'s'"],
    ["back\\slash", "'back\\\\slash'"],
    ["nul\0byte", "'nul\\0byte'"],
    ["line\nbreak\ttab\r", "'line\\nbreak\\ttab\\r'"],
    ["'; DROP TABLE responses; --", "'\\'; DROP TABLE responses; --'"],
    ["\\'", "'\\\\\\''"],
    ["中文 émoji 🚀", "'中文 émoji 🚀'"],
  ])("escapes %j", (input, expected) => {
    expect(sqlString(input)).toBe(expected);
  });

  it("replaces lone surrogates the way UTF-8 encoding would", () => {
    expect(sqlString("a\uD800b")).toBe("'a\uFFFDb'");
  });
});

describe("sqlValue", () => {
  it("renders scalars, dates and arrays", () => {
    expect(sqlValue(null)).toBe("NULL");
    expect(sqlValue(42)).toBe("42");
    expect(sqlValue(-1.5)).toBe("-1.5");
    expect(sqlValue(true)).toBe("1");
    expect(sqlValue(12345678901234567890n)).toBe("12345678901234567890");
    expect(sqlValue(new Date("2026-11-30T10:00:00.999Z"))).toBe("toDateTime(1796032800, 'UTC')");
    expect(sqlValue(["a", "b'c", 1])).toBe("['a', 'b\\'c', 1]");
  });

  it("refuses values it cannot render faithfully", () => {
    expect(() => sqlValue(Number.NaN)).toThrow(RangeError);
    expect(() => sqlValue(Infinity)).toThrow(RangeError);
    expect(() => sqlValue(new Date("nope"))).toThrow(RangeError);
    expect(() => sqlValue({} as never)).toThrow(TypeError);
  });

  it("renders an empty IN list that matches nothing", () => {
    expect(sqlList([])).toBe("(NULL)");
    expect(sqlList(["x", "y"])).toBe("('x', 'y')");
  });
});

describe("sqlIdentifier", () => {
  const allowed = ["model", "channel"] as const;
  it("passes allow-listed names and rejects everything else", () => {
    expect(sqlIdentifier("model", allowed)).toBe("model");
    expect(() => sqlIdentifier("model; DROP TABLE x", allowed)).toThrow(/not allowed/);
    expect(() => sqlIdentifier("Model", allowed)).toThrow(/not allowed/);
  });
});
