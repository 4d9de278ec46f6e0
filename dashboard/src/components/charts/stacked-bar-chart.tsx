"use client";

import { Bar, BarChart, CartesianGrid, Legend, Rectangle, Tooltip, XAxis, YAxis, type BarShapeProps, type TooltipContentProps } from "recharts";
import { formatTimeTick, formatTimestamp } from "@/lib/format";
import { ChartFrame } from "./chart-frame";
import { plotted } from "./plotted";
import type { SeriesSpec, TimePoint } from "./time-series-chart";
import { formatTick, formatValue, type Unit } from "./units";

function StackTooltip({ active, payload, label, unit }: TooltipContentProps<number, string> & { unit: Unit }) {
  if (!active || !payload?.length) return null;
  const total = payload.reduce((sum, item) => sum + (Number(item.value) || 0), 0);
  return (
    <div className="chart-tooltip">
      <div className="chart-tooltip-title">{formatTimestamp(Number(label))}</div>
      {[...payload].reverse().map((item) => (
        <div key={String(item.dataKey)} style={{ color: item.color }}>
          {item.name}: <strong>{formatValue(unit, item.value as number)}</strong>
          {total > 0 ? ` (${((Number(item.value) / total) * 100).toFixed(1)}%)` : ""}
        </div>
      ))}
      <div>total: {formatValue(unit, total)}</div>
    </div>
  );
}

/** Counts per time bucket, stacked by category (e.g. the outcome label distribution). */
export function StackedBarChart({ name, caption, points, series, unit, yLabel, fromMs, toMs, height = 280 }: { name: string; caption: string; points: TimePoint[]; series: SeriesSpec[]; unit: Unit; yLabel: string; fromMs: number; toMs: number; height?: number }) {
  const data = points.map((point) => ({ t: point.t, ...Object.fromEntries(series.map((spec) => [spec.key, point.values[spec.key] ?? 0])) }));
  const span = toMs - fromMs;
  return (
    <ChartFrame name={name} caption={caption} height={height}>
      {(width) => (
        <BarChart width={width} height={height} data={data} margin={{ top: 8, right: 16, bottom: 24, left: 16 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e3e6ea" vertical={false} />
          <XAxis dataKey="t" tickFormatter={(value: number) => formatTimeTick(value, span)} label={{ value: "time (UTC)", position: "insideBottom", offset: -12, fontSize: 12 }} fontSize={12} minTickGap={24} />
          <YAxis tickFormatter={(value: number) => formatTick(unit, value)} label={{ value: yLabel, angle: -90, position: "insideLeft", fontSize: 12, style: { textAnchor: "middle" } }} fontSize={12} width={64} />
          <Tooltip content={(props) => <StackTooltip {...(props as TooltipContentProps<number, string>)} unit={unit} />} />
          <Legend verticalAlign="top" height={28} />
          {series.map((spec) => (
            <Bar
              key={spec.key}
              dataKey={spec.key}
              name={spec.label}
              stackId="stack"
              fill={spec.color}
              isAnimationActive={false}
              shape={(props: BarShapeProps) => (
                <g {...plotted(spec.key, props.payload.t, props.payload[spec.key])}>
                  <Rectangle {...props} />
                </g>
              )}
            />
          ))}
        </BarChart>
      )}
    </ChartFrame>
  );
}
