import { formatCount, formatDuration, formatMean, formatRate } from "@/lib/format";

/** The unit of a chart's values: decides axis ticks, tooltip text and the axis title. */
export type Unit = "percent" | "ms" | "count" | "tokens" | "mean";

export function formatValue(unit: Unit, value: number | null | undefined): string {
  switch (unit) {
    case "percent":
      return formatRate(value);
    case "ms":
      return formatDuration(value);
    case "count":
      return formatCount(value);
    case "tokens":
      return `${formatCount(value)} tokens`;
    case "mean":
      return formatMean(value);
  }
}

/** Compact axis ticks: 0.25 → "25%", 1500 → "1.5 s", 12000 → "12k". */
export function formatTick(unit: Unit, value: number): string {
  switch (unit) {
    case "percent":
      return `${Math.round(value * 100)}%`;
    case "ms":
      return value >= 1000 ? `${Number((value / 1000).toFixed(1))} s` : `${Math.round(value)} ms`;
    case "count":
    case "tokens":
      return value >= 10_000 ? `${Number((value / 1000).toFixed(0))}k` : formatCount(value);
    case "mean":
      return formatMean(value);
  }
}
