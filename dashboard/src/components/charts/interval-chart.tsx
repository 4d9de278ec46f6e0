"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  ErrorBar,
  Tooltip,
  XAxis,
  YAxis,
  type BarShapeProps,
  type TooltipContentProps,
} from "recharts";
import { formatCount, formatInterval, formatRate } from "@/lib/format";
import { ChartDataTable } from "./chart-data-table";
import { ChartFrame } from "./chart-frame";
import { ChartLegend } from "./chart-legend";
import { CHART_TEXT, colorAt } from "./palette";
import { plotted } from "./plotted";

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
export function IntervalChart({
  name,
  caption,
  data,
  metricLabel,
  height = 260,
}: {
  name: string;
  caption: string;
  data: IntervalDatum[];
  metricLabel: string;
  height?: number;
}) {
  const rows: Row[] = data.map((datum) => ({
    ...datum,
    // ErrorBar takes distances below and above the value.
    error:
      datum.rate === null || datum.low === null || datum.high === null
        ? [0, 0]
        : [datum.rate - datum.low, datum.high - datum.rate],
  }));
  const top = Math.min(1, Math.max(0.1, ...data.map((datum) => datum.high ?? 0)) + 0.05);
  const color = colorAt(0);
  const legend = `${metricLabel} with 95% interval`;
  return (
    <ChartFrame
      name={name}
      caption={caption}
      label={`${caption} ${metricLabel} of ${data.map((datum) => datum.label).join(" and ")} with their 95% intervals; the values are in the data table below.`}
      height={height}
      legend={<ChartLegend items={[{ label: legend, color }]} />}
      table={
        <ChartDataTable
          name={name}
          caption={caption}
          headers={["Value", metricLabel, "95% interval", "n"]}
          rows={data.map((datum) => ({
            key: datum.label,
            cells: [
              { text: datum.label },
              { text: formatRate(datum.rate), value: datum.rate },
              { text: formatInterval(datum.low, datum.high) },
              { text: formatCount(datum.n), value: datum.n },
            ],
          }))}
        />
      }
    >
      {(width) => (
        <BarChart
          width={Math.min(width, 640)}
          height={height}
          data={rows}
          margin={{ top: 8, right: 16, bottom: 8, left: 16 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="#e3e6ea" vertical={false} />
          <XAxis dataKey="label" fontSize={12} tick={{ fill: CHART_TEXT }} />
          <YAxis
            domain={[0, Number(top.toFixed(2))]}
            tickFormatter={(value: number) => `${Math.round(value * 100)}%`}
            tick={{ fill: CHART_TEXT }}
            fontSize={12}
            width={64}
            label={{
              value: `${metricLabel} (%)`,
              angle: -90,
              position: "insideLeft",
              fontSize: 12,
              fill: CHART_TEXT,
              style: { textAnchor: "middle" },
            }}
          />
          <Tooltip content={(props) => <IntervalTooltip {...(props as TooltipContentProps<number, string>)} />} />
          <Bar
            dataKey="rate"
            name={legend}
            fill={color}
            barSize={64}
            isAnimationActive={false}
            shape={(props: BarShapeProps) => (
              <rect
                {...plotted("rate", (props.payload as Row).label, (props.payload as Row).rate)}
                x={props.x}
                y={props.y}
                width={props.width}
                height={Math.max(0, props.height ?? 0)}
                fill={color}
              />
            )}
          >
            <ErrorBar dataKey="error" width={12} strokeWidth={2} stroke={CHART_TEXT} direction="y" />
          </Bar>
        </BarChart>
      )}
    </ChartFrame>
  );
}
