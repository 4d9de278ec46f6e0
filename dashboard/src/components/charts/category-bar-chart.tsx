"use client";

import { Bar, BarChart, CartesianGrid, Cell, Legend, Tooltip, XAxis, YAxis, type TooltipContentProps } from "recharts";
import { formatCount } from "@/lib/format";
import { SMALL_SAMPLE } from "@/lib/metrics-catalog";
import { ChartFrame } from "./chart-frame";
import { formatTick, formatValue, type Unit } from "./units";

export interface CategoryDatum {
  label: string;
  value: number | null;
  /** The sample size behind a rate, where known. */
  n?: number | null;
}

function CategoryTooltip({ active, payload, unit, valueLabel }: TooltipContentProps<number, string> & { unit: Unit; valueLabel: string }) {
  if (!active || !payload?.length) return null;
  const datum = payload[0]!.payload as CategoryDatum;
  return (
    <div className="chart-tooltip">
      <div className="chart-tooltip-title">{datum.label}</div>
      <div>
        {valueLabel}: <strong>{formatValue(unit, datum.value)}</strong>
        {datum.n !== undefined && datum.n !== null ? ` (n=${formatCount(datum.n)}${datum.n < SMALL_SAMPLE ? ", small sample" : ""})` : ""}
      </div>
    </div>
  );
}

/** Horizontal bars, one per category, largest first as given; small samples drawn lighter with a marked tooltip. */
export function CategoryBarChart({ name, caption, data, unit, valueLabel, color, height }: { name: string; caption: string; data: CategoryDatum[]; unit: Unit; valueLabel: string; color: string; height?: number }) {
  const chartHeight = height ?? Math.max(160, 56 + data.length * 28);
  return (
    <ChartFrame name={name} caption={caption} height={chartHeight}>
      {(width) => (
        <BarChart width={width} height={chartHeight} data={data} layout="vertical" margin={{ top: 8, right: 24, bottom: 20, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e3e6ea" horizontal={false} />
          <XAxis type="number" tickFormatter={(value: number) => formatTick(unit, value)} fontSize={12} label={{ value: valueLabel, position: "insideBottom", offset: -10, fontSize: 12 }} />
          <YAxis type="category" dataKey="label" width={Math.min(220, Math.max(90, width * 0.28))} fontSize={12} interval={0} />
          <Tooltip content={(props) => <CategoryTooltip {...(props as TooltipContentProps<number, string>)} unit={unit} valueLabel={valueLabel} />} />
          <Legend verticalAlign="top" height={24} />
          <Bar dataKey="value" name={valueLabel} fill={color} isAnimationActive={false}>
            {data.map((datum) => (
              <Cell key={datum.label} fill={color} fillOpacity={typeof datum.n === "number" && datum.n < SMALL_SAMPLE ? 0.4 : 1} />
            ))}
          </Bar>
        </BarChart>
      )}
    </ChartFrame>
  );
}
