import { describe, expect, it } from "vitest";
import { normalCdf, twoProportionZTest, wilson, Z95 } from "./stats";
import { quantile } from "./util";

describe("Wilson interval", () => {
  it("45/100 -> [0.3561, 0.5475]", () => {
    const { low, high } = wilson(45, 100);
    expect(Math.abs(low - 0.3561)).toBeLessThan(1e-4);
    expect(Math.abs(high - 0.5475)).toBeLessThan(1e-4); // 0.547554
    expect(low).toBeCloseTo(0.356145, 5);
    expect(high).toBeCloseTo(0.547554, 5); // independently computed
  });
  it("0/10 starts at 0 and 10/10 ends at 1", () => {
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(0, 10).high).toBeCloseTo(0.2775, 4);
    expect(wilson(10, 10).high).toBe(1);
    expect(wilson(10, 10).low).toBeCloseTo(0.7225, 4);
  });
  it("rejects n = 0", () => {
    expect(() => wilson(0, 0)).toThrow();
  });
});

describe("normal distribution and z-test", () => {
  it("normalCdf", () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(Z95)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 6);
  });
  it("pooled two-proportion z-test, 10/40 vs 25/50", () => {
    // p = 35/90, se = sqrt(p(1-p)(1/40+1/50)) = 0.103414, z = 0.25 / se
    const { z, p_value } = twoProportionZTest(10, 40, 25, 50);
    expect(z).toBeCloseTo(2.41747, 4);
    expect(p_value).toBeCloseTo(0.015629, 4);
  });
  it("z has the sign of b - a; equal extremes give z 0, p 1", () => {
    expect(twoProportionZTest(25, 50, 10, 40).z).toBeCloseTo(-2.41747, 4);
    expect(twoProportionZTest(0, 40, 0, 50)).toEqual({ z: 0, p_value: 1 });
    expect(twoProportionZTest(40, 40, 50, 50)).toEqual({ z: 0, p_value: 1 });
  });
});

describe("quantile", () => {
  const xs = [1000, 100, 200, 300, 400, 500, 600, 700, 800];
  it("linear (R-7)", () => {
    expect(quantile(xs, 0.5)).toBe(500);
    expect(quantile(xs, 0.95)).toBeCloseTo(920, 9);
    expect(quantile(xs, 0.99)).toBeCloseTo(984, 9);
    expect(quantile([7], 0.99)).toBe(7);
    expect(quantile([1, 2], 0.5)).toBe(1.5);
  });
  it("exact_floor (ClickHouse quantileExact)", () => {
    expect(quantile(xs, 0.5, "exact_floor")).toBe(500);
    expect(quantile(xs, 0.95, "exact_floor")).toBe(1000);
    expect(quantile([1, 2], 0.5, "exact_floor")).toBe(2);
  });
  it("empty -> null", () => {
    expect(quantile([], 0.5)).toBeNull();
  });
});
