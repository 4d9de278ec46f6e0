"use client";

import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis, type TooltipContentProps } from "recharts";
import { formatCount, formatTimeTick, formatTimestamp } from "@/lib/format";
import { SMALL_SAMPLE } from "@/lib/metrics-catalog";
import { ChartFrame } from "./chart-frame";
import { plotted } from "./plotted";
import { formatTick, formatValue, type Unit } from "./units";

export interface SeriesSpec {
  key: string;
  label: string;
  color: string;
}

/** One time bucket: its start and each series' value, with the sample size behind it where known. */
export interface TimePoint {
  t: number;
  values: Record<string, number | null>;
  n?: Record<string, number | null>;
}

interface Props {
  name: string;
  caption: string;
  points: TimePoint[];
  series: SeriesSpec[];
  unit: Unit;
  yLabel: string;
  fromMs: number;
  toMs: number;
  height?: number;
}

type Row = { t: number } & Record<string, number | null>;

const nKey = (key: string) => `${key}__n`;

function TimeTooltip({ active, payload, label, unit }: TooltipContentProps<number, string> & { unit: Unit }) {
  if (!active || !payload?.length) return null;
  const row = payload[0]!.payload as Row;
  return (
    <div className="chart-tooltip">
      <div className="chart-tooltip-title">{formatTimestamp(Number(label))}</div>
      {payload.map((item) => {
        const n = row[nKey(String(item.dataKey))];
        return (
          <div key={String(item.dataKey)} style={{ color: item.color }}>
            {item.name}: <strong>{formatValue(unit, item.value as number | null)}</strong>
            {n !== undefined && n !== null ? ` (n=${formatCount(n)}${n < SMALL_SAMPLE ? ", small sample" : ""})` : ""}
          </div>
        );
      })}
    </div>
  );
}

/**
 * Series over time buckets. A point whose sample is small is drawn hollow (marked, not hidden); a
 * bucket without a value leaves a gap rather than a line through zero.
 */
export function TimeSeriesChart({ name, caption, points, series, unit, yLabel, fromMs, toMs, height = 280 }: Props) {
  const data: Row[] = points.map((point) => {
    const row: Row = { t: point.t };
    for (const spec of series) {
      row[spec.key] = point.values[spec.key] ?? null;
      if (point.n) row[nKey(spec.key)] = point.n[spec.key] ?? null;
    }
    return row;
  });
  const span = toMs - fromMs;
  return (
    <ChartFrame name={name} caption={caption} height={height}>
      {(width) => (
        <LineChart width={width} height={height} data={data} margin={{ top: 8, right: 16, bottom: 24, left: 16 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e3e6ea" />
          <XAxis
            dataKey="t"
            type="number"
            scale="time"
            domain={[fromMs, toMs]}
            tickFormatter={(value: number) => formatTimeTick(value, span)}
            label={{ value: "time (UTC)", position: "insideBottom", offset: -12, fontSize: 12 }}
            fontSize={12}
          />
          <YAxis tickFormatter={(value: number) => formatTick(unit, value)} label={{ value: yLabel, angle: -90, position: "insideLeft", offset: 0, fontSize: 12, style: { textAnchor: "middle" } }} fontSize={12} width={64} />
          <Tooltip content={(props) => <TimeTooltip {...(props as TooltipContentProps<number, string>)} unit={unit} />} />
          <Legend verticalAlign="top" height={28} />
          {series.map((spec) => (
            <Line
              key={spec.key}
              dataKey={spec.key}
              name={spec.label}
              stroke={spec.color}
              strokeWidth={2}
              connectNulls={false}
              isAnimationActive={false}
              dot={(dot: { cx?: number; cy?: number; index: number; payload: Row }) => {
                const n = dot.payload[nKey(spec.key)];
                if (dot.cx === undefined || dot.cy === undefined || dot.payload[spec.key] === null) return <g key={`${spec.key}-${dot.index}`} />;
                const small = typeof n === "number" && n < SMALL_SAMPLE;
                return <circle key={`${spec.key}-${dot.index}`} {...plotted(spec.key, dot.payload.t, dot.payload[spec.key] ?? null)} cx={dot.cx} cy={dot.cy} r={small ? 3.5 : 2.5} stroke={spec.color} strokeWidth={1.5} fill={small ? "#fff" : spec.color} />;
              }}
            />
          ))}
        </LineChart>
      )}
    </ChartFrame>
  );
}
