import { describe, expect, it } from "vitest";
import { hoursOf, HOUR_MS } from "./outcome-rollup";

describe("hoursOf", () => {
  it("gives each hour start once, sorted", () => {
    const base = Date.parse("2026-11-30T10:00:00.000Z");
    expect(hoursOf([base + HOUR_MS + 5, base + 59 * 60_000, base, base + HOUR_MS])).toEqual([base, base + HOUR_MS]);
    expect(hoursOf([])).toEqual([]);
  });
});
