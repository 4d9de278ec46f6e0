"use client";

import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis, type TooltipContentProps } from "recharts";
import { formatCount } from "@/lib/format";
import { SMALL_SAMPLE } from "@/lib/metrics-catalog";
import { ChartDataTable } from "./chart-data-table";
import { ChartFrame } from "./chart-frame";
import { ChartLegend } from "./chart-legend";
import { CHART_BACKGROUND, CHART_TEXT } from "./palette";
import { plotted } from "./plotted";
import { formatTick, formatValue, type Unit } from "./units";

export interface CategoryDatum {
  label: string;
  value: number | null;
  /** The sample size behind a rate, where known. */
  n?: number | null;
}

const withN = (text: string, n: number | null | undefined) =>
  n !== undefined && n !== null ? `${text} (n=${formatCount(n)}${n < SMALL_SAMPLE ? ", small sample" : ""})` : text;

function CategoryTooltip({
  active,
  payload,
  unit,
  valueLabel,
}: TooltipContentProps<number, string> & { unit: Unit; valueLabel: string }) {
  if (!active || !payload?.length) return null;
  const datum = payload[0]!.payload as CategoryDatum;
  return (
    <div className="chart-tooltip">
      <div className="chart-tooltip-title">{datum.label}</div>
      <div>
        {valueLabel}: <strong>{withN(formatValue(unit, datum.value), datum.n)}</strong>
      </div>
    </div>
  );
}

const isSmall = (datum: CategoryDatum) => typeof datum.n === "number" && datum.n < SMALL_SAMPLE;

/** About the width of one character of the 12 px axis font; labels are cut to fit their axis. */
const CHAR_PX = 7;

/** A category's label cut with "…" to the axis width (a phone's axis holds ~18 characters); the whole label is its title and in the data table. */
function CategoryTick({
  x,
  y,
  payload,
  axisWidth,
}: {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
  axisWidth: number;
}) {
  const label = String(payload?.value ?? "");
  const room = Math.max(4, Math.floor((axisWidth - 12) / CHAR_PX));
  const shown = label.length > room ? `${label.slice(0, room - 1)}…` : label;
  return (
    <text x={Number(x)} y={Number(y)} dx={-4} dy={4} textAnchor="end" fill={CHART_TEXT} fontSize={12}>
      <title>{label}</title>
      {shown}
    </text>
  );
}

/** The category axis: a third of a narrow chart, up to 220 px on a wide one. */
const axisWidth = (chartWidth: number) => Math.min(220, Math.max(90, chartWidth * (chartWidth < 480 ? 0.4 : 0.28)));

/** Horizontal bars, one per category, largest first as given; small samples drawn hollow with a marked tooltip. */
export function CategoryBarChart({
  name,
  caption,
  data,
  unit,
  valueLabel,
  color,
  height,
}: {
  name: string;
  caption: string;
  data: CategoryDatum[];
  unit: Unit;
  valueLabel: string;
  color: string;
  height?: number;
}) {
  const chartHeight = height ?? Math.max(160, 56 + data.length * 28);
  const smallSample = data.some(isSmall);
  return (
    <ChartFrame
      name={name}
      caption={caption}
      label={`${caption} ${valueLabel} of ${data.length} ${data.length === 1 ? "category" : "categories"}; the values are in the data table below.`}
      height={chartHeight}
      legend={
        <ChartLegend
          items={[
            {
              label: smallSample ? `${valueLabel} (hollow: fewer than ${SMALL_SAMPLE} in the sample)` : valueLabel,
              color,
            },
          ]}
        />
      }
      table={
        <ChartDataTable
          name={name}
          caption={caption}
          headers={["Category", valueLabel]}
          rows={data.map((datum) => ({
            key: datum.label,
            cells: [
              { text: datum.label },
              { text: withN(formatValue(unit, datum.value), datum.n), value: datum.value },
            ],
          }))}
        />
      }
    >
      {(width) => (
        <BarChart
          width={width}
          height={chartHeight}
          data={data}
          layout="vertical"
          margin={{ top: 8, right: 24, bottom: 20, left: 8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="#e3e6ea" horizontal={false} />
          <XAxis
            type="number"
            tickFormatter={(value: number) => formatTick(unit, value)}
            tick={{ fill: CHART_TEXT }}
            fontSize={12}
            label={{ value: valueLabel, position: "insideBottom", offset: -10, fontSize: 12, fill: CHART_TEXT }}
          />
          <YAxis
            type="category"
            dataKey="label"
            width={axisWidth(width)}
            tick={(props: object) => <CategoryTick {...props} axisWidth={axisWidth(width)} />}
            interval={0}
          />
          <Tooltip
            content={(props) => (
              <CategoryTooltip
                {...(props as TooltipContentProps<number, string>)}
                unit={unit}
                valueLabel={valueLabel}
              />
            )}
          />
          <Bar dataKey="value" name={valueLabel} fill={color} isAnimationActive={false}>
            {data.map((datum) => (
              // Hollow, not faded: a faded bar would fall below 3:1 against the background.
              <Cell
                key={datum.label}
                {...plotted("value", datum.label, datum.value)}
                fill={isSmall(datum) ? CHART_BACKGROUND : color}
                stroke={color}
                strokeWidth={isSmall(datum) ? 1.5 : 0}
              />
            ))}
          </Bar>
        </BarChart>
      )}
    </ChartFrame>
  );
}
