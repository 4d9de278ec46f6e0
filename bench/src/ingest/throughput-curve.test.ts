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
});
