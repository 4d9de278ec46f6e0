import { describe, expect, it } from "vitest";
import { SeededRandom } from "./seeded-random";

const draw = (random: SeededRandom, count: number) => Array.from({ length: count }, () => random.next());

describe("SeededRandom", () => {
  it("repeats its sequence for a seed and differs across seeds", () => {
    expect(draw(new SeededRandom(42), 5)).toEqual(draw(new SeededRandom(42), 5));
    expect(draw(new SeededRandom(42), 5)).not.toEqual(draw(new SeededRandom(43), 5));
  });

  it("derives independent streams per path", () => {
    expect(draw(SeededRandom.derive(1, 2, 3), 3)).toEqual(draw(SeededRandom.derive(1, 2, 3), 3));
    expect(draw(SeededRandom.derive(1, 2, 3), 3)).not.toEqual(draw(SeededRandom.derive(1, 2, 4), 3));
    expect(draw(SeededRandom.derive(1, 2, 3), 3)).not.toEqual(draw(SeededRandom.derive(1, 3, 2), 3));
  });

  it("stays in range", () => {
    const random = new SeededRandom(7);
    for (let i = 0; i < 1000; i++) {
      const value = random.next();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
      const n = random.int(3, 5);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(5);
    }
  });

  it("picks by weight", () => {
    const random = new SeededRandom(9);
    const counts = { a: 0, b: 0 };
    for (let i = 0; i < 10_000; i++)
      counts[
        random.weighted([
          ["a", 9],
          ["b", 1],
        ] as const)
      ]++;
    expect(counts.a / 10_000).toBeCloseTo(0.9, 1);
  });

  it("centres log-normal draws on the median", () => {
    const random = new SeededRandom(11);
    const values = Array.from({ length: 5001 }, () => random.logNormal(1000, 0.5)).sort((a, b) => a - b);
    expect(values[2500]).toBeGreaterThan(900);
    expect(values[2500]).toBeLessThan(1100);
  });
});
