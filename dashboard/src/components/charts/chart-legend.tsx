import { PARTIAL_NOTE } from "./time-axis";

export interface LegendItem {
  label: string;
  color: string;
}

/**
 * The series of a chart, as HTML: a swatch in the series colour and the label in the text colour
 * (a label written in a light series colour was unreadable). `partial` adds the key to the marks
 * of partial buckets, drawn like them: a dashed line, or a hatched bar.
 */
export function ChartLegend({ items, partial }: { items: LegendItem[]; partial?: "line" | "bar" | null }) {
  return (
    <ul className="chart-legend">
      {items.map((item) => (
        <li key={item.label} data-legend="series">
          <span className="chart-swatch" style={{ background: item.color }} aria-hidden="true" />
          {item.label}
        </li>
      ))}
      {partial ? (
        <li data-legend="partial">
          <span className={`chart-swatch chart-swatch-partial-${partial}`} aria-hidden="true" />
          {partial === "line" ? "dashed, hollow: " : "hatched: "}
          {PARTIAL_NOTE}
        </li>
      ) : null}
    </ul>
  );
}
