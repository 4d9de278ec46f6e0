import { describe, expect, it } from "vitest";
import { spearman } from "./rank-correlation";

const pairs = (points: [number, number][]) => points.map(([x, y]) => ({ x, y, count: 1 }));

describe("spearman", () => {
  it("is 1 and -1 for monotone data, whatever the spacing", () => {
    expect(
      spearman(
        pairs([
          [1, 10],
          [2, 20],
          [30, 21],
          [400, 99],
        ]),
      ).rho,
    ).toBeCloseTo(1, 12);
    expect(
      spearman(
        pairs([
          [1, 5],
          [2, 4],
          [30, 3],
          [400, 0],
        ]),
      ).rho,
    ).toBeCloseTo(-1, 12);
  });

  it("averages tied ranks (the textbook value of a tied example)", () => {
    // x ranks 1, 2.5, 2.5, 4; y ranks 1, 2, 3, 4: rho = 4.5 / sqrt(4.5 * 5) = 0.9486833
    expect(
      spearman(
        pairs([
          [1, 1],
          [2, 2],
          [2, 3],
          [3, 4],
        ]),
      ).rho,
    ).toBeCloseTo(0.9486833, 6);
  });

  it("counts a grouped pair as that many observations", () => {
    const grouped = spearman([
      { x: 100, y: 0, count: 3 },
      { x: 900, y: 1, count: 2 },
      { x: 500, y: 0, count: 1 },
      { x: 500, y: 1, count: 1 },
    ]);
    const flat = spearman(
      pairs([
        [100, 0],
        [100, 0],
        [100, 0],
        [900, 1],
        [900, 1],
        [500, 0],
        [500, 1],
      ]),
    );
    expect(grouped.n).toBe(7);
    expect(grouped.rho).toBeCloseTo(flat.rho!, 12);
    expect(grouped.rho).toBeGreaterThan(0.5);
  });

  it("is null without data or without variation, with its sample size", () => {
    expect(spearman([])).toEqual({ rho: null, n: 0 });
    expect(
      spearman(
        pairs([
          [1, 0],
          [2, 0],
          [3, 0],
        ]),
      ),
    ).toEqual({ rho: null, n: 3 });
    expect(
      spearman(
        pairs([
          [5, 0],
          [5, 1],
        ]),
      ),
    ).toEqual({ rho: null, n: 2 });
  });
});
