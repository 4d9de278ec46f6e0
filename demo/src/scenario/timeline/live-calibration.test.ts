import { describe, expect, it } from "vitest";
import { liveMeanGapMs } from "./live-calibration";

describe("liveMeanGapMs", () => {
  it("is events per unit over the rate when every event is instant", () => {
    // 4 events per unit, all at the start: 10 events/s needs a unit every 400 ms.
    expect(liveMeanGapMs([[0, 0, 0, 0]], 10, 60_000, 0)).toBeCloseTo(400);
  });

  it("spaces units closer when events come too late for the run", () => {
    const instant = liveMeanGapMs([[0, 0]], 10, 60_000, 0);
    const late = liveMeanGapMs([[0, 50_000]], 10, 60_000, 0); // the second event often misses the run
    expect(late).toBeLessThan(instant);
    expect(late).toBeCloseTo((60_000 + 10_000) / 600);
  });

  it("counts events a warm-up brings into the run", () => {
    expect(liveMeanGapMs([[0, 50_000]], 10, 60_000, 60_000)).toBeCloseTo(liveMeanGapMs([[0, 0]], 10, 60_000, 0));
  });
});
