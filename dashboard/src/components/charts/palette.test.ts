import { describe, expect, it } from "vitest";
import { CHART_BACKGROUND, CHART_MUTED_TEXT, CHART_TEXT, contrastRatio, OUTCOME_COLORS, PALETTE } from "./palette";

describe("chart colours meet WCAG AA against the chart background", () => {
  it("computes contrast as WCAG 2 defines it", () => {
    // Reference values: black on white is 21:1, a colour on itself 1:1, #767676 on white the
    // well-known lightest AA grey (4.54:1), Okabe–Ito's orange the legend colour that failed (2.25:1).
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#0072B2", "#0072B2")).toBe(1);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#ffffff", "#E69F00")).toBeCloseTo(2.25, 2);
  });

  it.each([
    ...PALETTE.map((color, index) => [`series ${index}`, color] as const),
    ...Object.entries(OUTCOME_COLORS).map(([label, color]) => [`outcome ${label}`, color] as const),
  ])("%s (%s) is at least 3:1, as graphics must be", (_, color) => {
    expect(contrastRatio(color, CHART_BACKGROUND)).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ["legend and axis text", CHART_TEXT],
    ["muted text (captions, notes)", CHART_MUTED_TEXT],
  ])("%s is at least 4.5:1, as text must be", (_, color) => {
    expect(contrastRatio(color, CHART_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
  });

  it("has no colour twice, so two series never look alike", () => {
    expect(new Set(PALETTE.map((c) => c.toLowerCase())).size).toBe(PALETTE.length);
    expect(new Set(Object.values(OUTCOME_COLORS)).size).toBe(Object.keys(OUTCOME_COLORS).length);
  });
});
