import type { OutcomeLabel } from "@/lib/metrics-catalog";

/**
 * The colours charts draw on and with, declared once; palette.test.ts computes their WCAG
 * contrast: every series colour at least 3:1 against the background (WCAG 1.4.11, graphics),
 * the text at least 4.5:1 (1.4.3). Legends write their labels in CHART_TEXT beside a swatch, never
 * in the series colour, so a light hue cannot make a label unreadable.
 */
export const CHART_BACKGROUND = "#ffffff";
export const CHART_TEXT = "#1f2328";
export const CHART_MUTED_TEXT = "#59636e";

/**
 * Series colours: Okabe–Ito's hues (told apart with the common colour-vision deficiencies),
 * darkened where the original is lighter than 3:1 on white (orange, sky blue, pink, yellow).
 */
export const PALETTE = [
  "#0072B2",
  "#B07800",
  "#009E73",
  "#D55E00",
  "#AD3A86",
  "#6A3D9A",
  "#1f2328",
  "#8A6A00",
] as const;
export const colorAt = (index: number): string => PALETTE[index % PALETTE.length]!;

/** One colour per outcome label: greens for the good ones, reds for the bad, grey and amber for the undecided. */
export const OUTCOME_COLORS: Record<OutcomeLabel, string> = {
  excellent: "#1a7f37",
  good: "#2da44e",
  neutral: "#6e7781",
  bad: "#d1242f",
  failed: "#7d1a1a",
  pending: "#9a6700",
};

/** WCAG 2 relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  const [r, g, b] = channels.map((value) => (value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
