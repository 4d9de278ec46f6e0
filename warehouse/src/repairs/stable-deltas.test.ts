import { describe, expect, it } from "vitest";
import { stableDeltas } from "./stable-deltas";

describe("stableDeltas", () => {
  it("keeps the deltas both reads found alike, Map contents compared whatever their insertion order", () => {
    const drift = {
      key: { bucketStart: 300 },
      sums: {
        responses: 2,
        histogram: new Map([
          [7, 1],
          [3, 1],
        ]),
      },
    };
    const sameDriftAgain = {
      key: { bucketStart: 300 },
      sums: {
        responses: 2,
        histogram: new Map([
          [3, 1],
          [7, 1],
        ]),
      },
    };
    const inFlight = { key: { bucketStart: 600 }, sums: { responses: 1, histogram: new Map([[5, 1]]) } };
    expect(stableDeltas([drift, inFlight], [sameDriftAgain])).toEqual({ stable: [drift], unstable: 1 });
  });

  it("counts a key whose delta changed between the reads as unstable on both sides", () => {
    const before = { id: "call-1", sign: 1 };
    const after = { id: "call-1", sign: 2 };
    expect(stableDeltas([before], [after])).toEqual({ stable: [], unstable: 2 });
  });

  it("finds nothing to apply and nothing unstable when both reads are empty", () => {
    expect(stableDeltas([], [])).toEqual({ stable: [], unstable: 0 });
  });
});
