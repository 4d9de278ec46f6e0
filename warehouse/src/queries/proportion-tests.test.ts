import { describe, expect, it } from "vitest";
import { twoProportionZTest, wilsonInterval } from "./proportion-tests";

describe("wilsonInterval", () => {
  it("matches a textbook value", () => {
    // 81 of 263: the interval commonly quoted for this example is [0.2553, 0.3662].
    const { low, high } = wilsonInterval(81, 263);
    expect(low).toBeCloseTo(0.2553, 4);
    expect(high).toBeCloseTo(0.3662, 4);
  });

  it("is exactly 0 / 1 at the ends", () => {
    expect(wilsonInterval(0, 40).low).toBe(0);
    expect(wilsonInterval(40, 40).high).toBe(1);
  });
});

describe("twoProportionZTest", () => {
  it("gives the pooled z with the sign of p2 - p1 and a two-sided p-value", () => {
    // p1 = 0.5 (50/100), p2 = 0.65 (65/100), pooled 0.575: z = 0.15 / sqrt(0.575*0.425*0.02) = 2.1456
    const { z, pValue } = twoProportionZTest(50, 100, 65, 100);
    expect(z).toBeCloseTo(2.1456, 3);
    expect(pValue).toBeCloseTo(0.0319, 3);
    expect(twoProportionZTest(65, 100, 50, 100).z).toBeCloseTo(-2.1456, 3);
  });

  it("is z = 0, p = 1 when every trial has the same outcome", () => {
    expect(twoProportionZTest(0, 40, 0, 50)).toEqual({ z: 0, pValue: 1 });
    expect(twoProportionZTest(40, 40, 50, 50)).toEqual({ z: 0, pValue: 1 });
  });
});
