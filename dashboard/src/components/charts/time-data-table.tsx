import { formatCount, formatTimestamp } from "@/lib/format";
import { ChartDataTable } from "./chart-data-table";
import type { TimeRow } from "./time-rows";
import type { SeriesSpec } from "./time-series";
import { formatValue, type Unit } from "./units";

/** A time chart's values, a row per bucket: its start, "partial" when the range cuts it, each series' value (and n). */
export function TimeDataTable({
  name,
  caption,
  rows,
  series,
  unit,
}: {
  name: string;
  caption: string;
  rows: TimeRow[];
  series: SeriesSpec[];
  unit: Unit;
}) {
  return (
    <ChartDataTable
      name={name}
      caption={caption}
      headers={["Bucket start (UTC)", ...series.map((spec) => spec.label)]}
      rows={rows.map((row) => ({
        key: String(row.t),
        cells: [
          { text: `${formatTimestamp(row.t)}${row.partial ? " (partial)" : ""}` },
          ...series.map((spec) => {
            const value = row.values[spec.key] ?? null;
            const n = row.n[spec.key];
            return {
              text: `${formatValue(unit, value)}${n !== null && n !== undefined ? ` (n=${formatCount(n)})` : ""}`,
              value,
            };
          }),
        ],
      }))}
    />
  );
}

/** A time chart's accessible name: what it shows, which series, over which range. */
export function timeChartLabel(caption: string, series: SeriesSpec[], fromMs: number, toMs: number): string {
  return `${caption} Series: ${series.map((spec) => spec.label).join(", ")}. From ${formatTimestamp(fromMs)} to ${formatTimestamp(toMs)}; the values are in the data table below.`;
}
