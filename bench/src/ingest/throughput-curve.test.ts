import { describe, expect, it } from "vitest";
import { ThroughputCurve } from "./throughput-curve";

describe("ThroughputCurve", () => {
  it("takes the rate over the counts observed between the 10 % and 90 % observations", () => {
    const curve = new ThroughputCurve(40_000);
    // Writes of 5,000 rows every 200 ms: the first count past 10 % is 12.5 %, the first past 90 % is 100 %.
    for (let write = 1; write <= 8; write++) curve.observe(write * 5_000, write * 200);
    // 35,000 rows in 1.4 s, where 80 % of the total over the same time would say 22,857.
    expect(curve.rate).toBeCloseTo(25_000, 6);
    expect(curve.done).toBe(true);
  });

  it("never takes one observation as both ends, and waits for both", () => {
    const curve = new ThroughputCurve(1_000);
    curve.observe(50, 0);
    expect(curve.rate).toBeNaN();
    // One step past both 10 % and 90 %: the start of the window only.
    expect(curve.observe(950, 100)).toBe("from");
    expect(curve.rate).toBeNaN();
    expect(curve.observe(1_000, 200)).toBe("to");
    expect(curve.observe(1_000, 300)).toBeUndefined();
    expect(curve.rate).toBeCloseTo(50 / 0.1, 6);
    expect(curve.done).toBe(true);

    const steps = new ThroughputCurve(1_000);
    steps.observe(100, 0);
    steps.observe(500, 100);
    steps.observe(900, 300);
    expect(steps.rate).toBeCloseTo(800 / 0.3, 6);
    expect(steps.done).toBe(false);
  });

  it("with a warm-up, takes the window between 10 % and 90 % of what follows it", () => {
    // 40,000 warm-up rows, then 80,000 measured: the window lies between 48,000 and 112,000.
    const curve = new ThroughputCurve(120_000, 40_000);
    expect(curve.observe(30_000, 0)).toBeUndefined();
    // Past 10 % of the whole (12,000) and even past the warm-up, but not past 48,000: still warming.
    expect(curve.observe(45_000, 100)).toBeUndefined();
    expect(curve.observe(50_000, 200)).toBe("from");
    expect(curve.observe(110_000, 1_200)).toBeUndefined();
    expect(curve.observe(115_000, 1_300)).toBe("to");
    expect(curve.rate).toBeCloseTo(65_000 / 1.1, 6);
    expect(curve.window).toEqual({ from: { count: 50_000, at: 200 }, to: { count: 115_000, at: 1_300 } });
    expect(curve.done).toBe(false);
    curve.observe(120_000, 1_400);
    expect(curve.done).toBe(true);
  });

  it("refuses a warm-up that leaves nothing to measure", () => {
    expect(() => new ThroughputCurve(1_000, 1_000)).toThrow(RangeError);
    expect(() => new ThroughputCurve(1_000, -1)).toThrow(RangeError);
  });
});
