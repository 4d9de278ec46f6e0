/** A figure as results.md prints it; one not measured prints as "–", never as 0. */
export const n = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? "–" : value.toLocaleString("en");
export const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
