"use client";

import { Bar, BarChart, CartesianGrid, ErrorBar, Legend, Tooltip, XAxis, YAxis, type TooltipContentProps } from "recharts";
import { formatCount, formatInterval, formatRate } from "@/lib/format";
import { ChartFrame } from "./chart-frame";

export interface IntervalDatum {
  label: string;
  rate: number | null;
  low: number | null;
  high: number | null;
  /** null when the figure is unknown (labels cover none of the range). */
  n: number | null;
}

type Row = IntervalDatum & { error: [number, number] };

function IntervalTooltip({ active, payload }: TooltipContentProps<number, string>) {
  if (!active || !payload?.length) return null;
  const row = payload[0]!.payload as Row;
  return (
    <div className="chart-tooltip">
      <div className="chart-tooltip-title">{row.label}</div>
      <div>
        rate: <strong>{formatRate(row.rate)}</strong>
      </div>
      <div>95% Wilson interval: {formatInterval(row.low, row.high)}</div>
      <div>n = {formatCount(row.n)}</div>
    </div>
  );
}

/** Two (or more) rates as bars with their 95 % Wilson intervals as error bars. */
export function IntervalChart({ name, caption, data, metricLabel, height = 260 }: { name: string; caption: string; data: IntervalDatum[]; metricLabel: string; height?: number }) {
  const rows: Row[] = data.map((datum) => ({
    ...datum,
    // ErrorBar takes distances below and above the value.
    error: datum.rate === null || datum.low === null || datum.high === null ? [0, 0] : [datum.rate - datum.low, datum.high - datum.rate],
  }));
  const top = Math.min(1, Math.max(0.1, ...data.map((datum) => datum.high ?? 0)) + 0.05);
  return (
    <ChartFrame name={name} caption={caption} height={height}>
      {(width) => (
        <BarChart width={Math.min(width, 640)} height={height} data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 16 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e3e6ea" vertical={false} />
          <XAxis dataKey="label" fontSize={12} />
          <YAxis domain={[0, Number(top.toFixed(2))]} tickFormatter={(value: number) => `${Math.round(value * 100)}%`} fontSize={12} width={64} label={{ value: `${metricLabel} (%)`, angle: -90, position: "insideLeft", fontSize: 12, style: { textAnchor: "middle" } }} />
          <Tooltip content={(props) => <IntervalTooltip {...(props as TooltipContentProps<number, string>)} />} />
          <Legend verticalAlign="top" height={24} />
          <Bar dataKey="rate" name={`${metricLabel} with 95% interval`} fill="#0072B2" barSize={64} isAnimationActive={false}>
            <ErrorBar dataKey="error" width={12} strokeWidth={2} stroke="#222" direction="y" />
          </Bar>
        </BarChart>
      )}
    </ChartFrame>
  );
}
