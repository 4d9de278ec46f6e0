"use client";

import type { ReactNode } from "react";
import { ChartFrame } from "./chart-frame";
import { ChartLegend } from "./chart-legend";
import { TimeDataTable, timeChartLabel } from "./time-data-table";
import type { TimeRow } from "./time-rows";
import type { SeriesSpec } from "./time-series";
import type { Unit } from "./units";

/**
 * The frame of a chart over time: its accessible name from the series and range, the legend (with
 * the partial-bucket key drawn like the chart's marks when a bucket is cut), and the data table.
 */
export function TimeChartFrame({
  name,
  caption,
  rows,
  series,
  unit,
  fromMs,
  toMs,
  height,
  partialMark,
  children,
}: {
  name: string;
  caption: string;
  rows: TimeRow[];
  series: SeriesSpec[];
  unit: Unit;
  fromMs: number;
  toMs: number;
  height: number;
  partialMark: "line" | "bar";
  children: (width: number) => ReactNode;
}) {
  const anyPartial = rows.some((row) => row.partial);
  return (
    <ChartFrame
      name={name}
      caption={caption}
      label={timeChartLabel(caption, series, fromMs, toMs)}
      height={height}
      legend={<ChartLegend items={series} partial={anyPartial ? partialMark : null} />}
      table={<TimeDataTable name={name} caption={caption} rows={rows} series={series} unit={unit} />}
    >
      {children}
    </ChartFrame>
  );
}
