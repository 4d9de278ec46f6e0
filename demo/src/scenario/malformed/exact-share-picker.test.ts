import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../random/seeded-random";
import { ExactSharePicker } from "./exact-share-picker";

describe("ExactSharePicker", () => {
  it.each([
    [1000, 10],
    [1000, 0],
    [7, 7],
    [20_000, 200],
  ])("picks exactly %i of %i", (total, selected) => {
    const picker = new ExactSharePicker(total, selected, new SeededRandom(total + selected));
    const picks = Array.from({ length: total }, () => picker.next());
    expect(picks.filter(Boolean)).toHaveLength(selected);
    expect(picker.next()).toBe(false);
  });

  it("spreads the picks over the whole range", () => {
    const picker = new ExactSharePicker(10_000, 100, new SeededRandom(5));
    const positions = Array.from({ length: 10_000 }, () => picker.next()).flatMap((picked, i) => (picked ? [i] : []));
    expect(positions.filter((i) => i < 5000).length).toBeGreaterThan(30);
    expect(positions.filter((i) => i >= 5000).length).toBeGreaterThan(30);
  });
});
