"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  Tooltip,
  XAxis,
  YAxis,
  type BarShapeProps,
  type TooltipContentProps,
} from "recharts";
import { formatTimestamp } from "@/lib/format";
import { CHART_BACKGROUND, CHART_TEXT } from "./palette";
import { plotted } from "./plotted";
import { TimeChartFrame } from "./time-chart-frame";
import { timeRows, type TimeRow } from "./time-rows";
import type { SeriesSpec, TimePoint } from "./time-series";
import { TIME_MARGIN, timeToX, timeXAxisProps, Y_AXIS_WIDTH } from "./time-x-axis";
import { formatTick, formatValue, type Unit } from "./units";

type Row = TimeRow & Record<string, unknown>;

function StackTooltip({
  active,
  payload,
  series,
  unit,
}: TooltipContentProps<number, string> & { series: SeriesSpec[]; unit: Unit }) {
  if (!active || !payload?.length) return null;
  const row = payload[0]!.payload as Row;
  const total = series.reduce((sum, spec) => sum + (row.values[spec.key] ?? 0), 0);
  return (
    <div className="chart-tooltip">
      <div className="chart-tooltip-title">
        {formatTimestamp(row.t)}
        {row.partial ? " (partial bucket)" : ""}
      </div>
      {[...series].reverse().map((spec) => {
        const value = row.values[spec.key] ?? 0;
        return (
          <div key={spec.key}>
            <span className="chart-swatch" style={{ background: spec.color }} aria-hidden="true" />
            {spec.label}: <strong>{formatValue(unit, value)}</strong>
            {total > 0 ? ` (${((value / total) * 100).toFixed(1)}%)` : ""}
          </div>
        );
      })}
      <div>total: {formatValue(unit, total)}</div>
    </div>
  );
}

/**
 * Counts per time bucket, stacked by category (e.g. the outcome label distribution), on the same
 * time axis as the line charts: each bar spans its bucket's part of the range, and a bucket the
 * range cuts is hatched (a shorter bar there is less time, not fewer answers per hour).
 */
export function StackedBarChart({
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
}: {
  name: string;
  caption: string;
  points: TimePoint[];
  series: SeriesSpec[];
  unit: Unit;
  yLabel: string;
  fromMs: number;
  toMs: number;
  bucketMs: number;
  height?: number;
}) {
  const rows = timeRows(points, series, bucketMs, fromMs, toMs);
  const data: Row[] = rows.map((row) => ({
    ...row,
    ...Object.fromEntries(series.map((spec) => [spec.key, row.values[spec.key] ?? 0])),
  }));
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
      partialMark="bar"
    >
      {(width) => {
        const xOf = timeToX(width, fromMs, toMs);
        const fullWidth = Math.max(1, xOf(fromMs + bucketMs) - xOf(fromMs));
        return (
          <BarChart
            width={width}
            height={height}
            data={data}
            margin={TIME_MARGIN}
            accessibilityLayer={false}
            barSize={fullWidth}
          >
            <CartesianGrid strokeDasharray="3 3" stroke="#e3e6ea" vertical={false} />
            <XAxis {...timeXAxisProps(fromMs, toMs, width)} />
            <YAxis
              tickFormatter={(value: number) => formatTick(unit, value)}
              tick={{ fill: CHART_TEXT }}
              label={{
                value: yLabel,
                angle: -90,
                position: "insideLeft",
                fontSize: 12,
                fill: CHART_TEXT,
                style: { textAnchor: "middle" },
              }}
              fontSize={12}
              width={Y_AXIS_WIDTH}
            />
            <Tooltip
              content={(props) => (
                <StackTooltip {...(props as TooltipContentProps<number, string>)} series={series} unit={unit} />
              )}
            />
            {series.map((spec) => (
              <Bar
                key={spec.key}
                dataKey={spec.key}
                name={spec.label}
                stackId="stack"
                fill={spec.color}
                isAnimationActive={false}
                shape={(props: BarShapeProps) => {
                  const row = props.payload as Row;
                  // The bucket's own span, not recharts' band: one axis for lines and bars.
                  const x = xOf(row.fromMs);
                  const barWidth = Math.max(1, xOf(row.toMs) - x - 1);
                  const height = Math.max(0, props.height ?? 0);
                  const hatch = `hatch-${name}-${spec.key}-${row.t}`;
                  return (
                    <g
                      {...plotted(spec.key, row.t, row.values[spec.key] ?? null)}
                      data-partial={row.partial ? "true" : undefined}
                    >
                      {row.partial ? (
                        <defs>
                          <pattern
                            id={hatch}
                            patternUnits="userSpaceOnUse"
                            width={6}
                            height={6}
                            patternTransform="rotate(45)"
                          >
                            <rect width={6} height={6} fill={CHART_BACKGROUND} />
                            <rect width={3} height={6} fill={spec.color} />
                          </pattern>
                        </defs>
                      ) : null}
                      {/* A light edge between stacked segments: each meets the background, never only a neighbour's hue. */}
                      <rect
                        x={x}
                        y={props.y}
                        width={barWidth}
                        height={height}
                        fill={row.partial ? `url(#${hatch})` : spec.color}
                        stroke={row.partial ? spec.color : CHART_BACKGROUND}
                        strokeWidth={row.partial ? 1 : 0.5}
                        strokeDasharray={row.partial ? "3 2" : undefined}
                      />
                    </g>
                  );
                }}
              />
            ))}
          </BarChart>
        );
      }}
    </TimeChartFrame>
  );
}
