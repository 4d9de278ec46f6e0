"use client";

import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis, type TooltipContentProps } from "recharts";
import { formatCount, formatTimestamp } from "@/lib/format";
import { SMALL_SAMPLE } from "@/lib/metrics-catalog";
import { CHART_BACKGROUND, CHART_TEXT } from "./palette";
import { plotted } from "./plotted";
import { TimeChartFrame } from "./time-chart-frame";
import { timeRows, type TimeRow } from "./time-rows";
import type { SeriesSpec, TimePoint } from "./time-series";
import { TIME_MARGIN, timeXAxisProps, Y_AXIS_WIDTH } from "./time-x-axis";
import { formatTick, formatValue, type Unit } from "./units";

export type { SeriesSpec, TimePoint } from "./time-series";

interface Props {
  name: string;
  caption: string;
  points: TimePoint[];
  series: SeriesSpec[];
  unit: Unit;
  yLabel: string;
  fromMs: number;
  toMs: number;
  /** The bucket length, to tell which buckets the range cuts (lib/time-range.ts BUCKET_MS). */
  bucketMs: number;
  height?: number;
}

/** A bucket's row as recharts reads it: the full buckets' values under the series key, the partial ones' under partialKey. */
type Row = TimeRow & Record<string, unknown>;

/** The dashed line to and through partial buckets, drawn apart so a partial bucket never looks like a drop of the solid line. */
const partialKey = (key: string) => `${key}__partial`;

function TimeTooltip({
  active,
  payload,
  series,
  unit,
}: TooltipContentProps<number, string> & { series: SeriesSpec[]; unit: Unit }) {
  if (!active || !payload?.length) return null;
  const row = payload[0]!.payload as Row;
  return (
    <div className="chart-tooltip">
      <div className="chart-tooltip-title">
        {formatTimestamp(row.t)}
        {row.partial ? " (partial bucket)" : ""}
      </div>
      {series.map((spec) => {
        const n = row.n[spec.key];
        return (
          <div key={spec.key}>
            <span className="chart-swatch" style={{ background: spec.color }} aria-hidden="true" />
            {spec.label}: <strong>{formatValue(unit, row.values[spec.key] ?? null)}</strong>
            {n !== undefined && n !== null ? ` (n=${formatCount(n)}${n < SMALL_SAMPLE ? ", small sample" : ""})` : ""}
          </div>
        );
      })}
    </div>
  );
}

/** Splits each series into the solid line of full buckets and the dashed line that reaches the partial ones from their neighbours. */
function lineRows(rows: TimeRow[], series: SeriesSpec[]): Row[] {
  return rows.map((row, index) => {
    const out: Row = { ...row };
    const neighbours = [rows[index - 1], rows[index + 1]];
    for (const spec of series) {
      const value = row.values[spec.key] ?? null;
      out[spec.key] = row.partial ? null : value;
      out[partialKey(spec.key)] = row.partial || neighbours.some((other) => other?.partial) ? value : null;
    }
    return out;
  });
}

/**
 * Series over time buckets. A point whose sample is small is drawn hollow (marked, not hidden); a
 * bucket without a value leaves a gap rather than a line through zero; a bucket the range cuts is
 * reached by a dashed line and drawn as a dashed ring, with a legend entry saying why.
 */
export function TimeSeriesChart({
  name,
  caption,
  points,
  series,
  unit,
  yLabel,
  fromMs,
  toMs,
  bucketMs,
  height = 280,
}: Props) {
  const rows = timeRows(points, series, bucketMs, fromMs, toMs);
  const data = lineRows(rows, series);
  const mark =
    (spec: SeriesSpec, partial: boolean) => (dot: { cx?: number; cy?: number; index: number; payload: Row }) => {
      const value = dot.payload.values[spec.key] ?? null;
      const key = `${spec.key}-${partial ? "p" : "f"}-${dot.index}`;
      if (dot.cx == null || dot.cy == null || value === null || dot.payload.partial !== partial) return <g key={key} />;
      const n = dot.payload.n[spec.key];
      const hollow = partial || (typeof n === "number" && n < SMALL_SAMPLE);
      return (
        <circle
          key={key}
          {...plotted(spec.key, dot.payload.t, value)}
          data-partial={partial ? "true" : undefined}
          cx={dot.cx}
          cy={dot.cy}
          r={hollow ? 3.5 : 2.5}
          stroke={spec.color}
          strokeWidth={1.5}
          strokeDasharray={partial ? "2 1.5" : undefined}
          fill={hollow ? CHART_BACKGROUND : spec.color}
        />
      );
    };
  return (
    <TimeChartFrame
      name={name}
      caption={caption}
      rows={rows}
      series={series}
      unit={unit}
      fromMs={fromMs}
      toMs={toMs}
      height={height}
      partialMark="line"
    >
      {(width) => (
        <LineChart width={width} height={height} data={data} margin={TIME_MARGIN} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e3e6ea" />
          <XAxis {...timeXAxisProps(fromMs, toMs, width)} />
          <YAxis
            tickFormatter={(value: number) => formatTick(unit, value)}
            tick={{ fill: CHART_TEXT }}
            label={{
              value: yLabel,
              angle: -90,
              position: "insideLeft",
              offset: 0,
              fontSize: 12,
              fill: CHART_TEXT,
              style: { textAnchor: "middle" },
            }}
            fontSize={12}
            width={Y_AXIS_WIDTH}
          />
          <Tooltip
            content={(props) => (
              <TimeTooltip {...(props as TooltipContentProps<number, string>)} series={series} unit={unit} />
            )}
          />
          {series.flatMap((spec) => [
            <Line
              key={spec.key}
              dataKey={spec.key}
              name={spec.label}
              stroke={spec.color}
              strokeWidth={2}
              connectNulls={false}
              isAnimationActive={false}
              dot={mark(spec, false)}
              activeDot={false}
            />,
            <Line
              key={partialKey(spec.key)}
              dataKey={partialKey(spec.key)}
              name={`${spec.label} (partial bucket)`}
              stroke={spec.color}
              strokeWidth={2}
              strokeDasharray="5 4"
              connectNulls={false}
              isAnimationActive={false}
              dot={mark(spec, true)}
              activeDot={false}
              legendType="none"
            />,
          ])}
        </LineChart>
      )}
    </TimeChartFrame>
  );
}
