"use client";

import type { ReactNode } from "react";
import { useMeasuredWidth } from "./use-measured-width";

/**
 * A figure of a fixed height whose chart is drawn at the measured width. The drawing is one image
 * named by `label` (role="img"); the caption names the figure, the legend keys the series, and the
 * data table behind it holds the values the image shows, for whoever cannot see it.
 */
export function ChartFrame({
  name,
  caption,
  label,
  height,
  legend,
  table,
  children,
}: {
  name: string;
  caption: string;
  label: string;
  height: number;
  legend?: ReactNode;
  table: ReactNode;
  children: (width: number) => ReactNode;
}) {
  const { ref, width, measured } = useMeasuredWidth<HTMLDivElement>(560);
  return (
    <figure className="chart" data-chart={name}>
      {legend}
      <div ref={ref} role="img" aria-label={label} style={{ height, width: "100%" }}>
        {measured ? children(width) : null}
      </div>
      <figcaption className="muted">{caption}</figcaption>
      {table}
    </figure>
  );
}
