/** Series colours, distinguishable for common colour-vision deficiencies (Okabe–Ito). */
export const PALETTE = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#000000", "#F0E442"] as const;
export const colorAt = (index: number): string => PALETTE[index % PALETTE.length]!;
