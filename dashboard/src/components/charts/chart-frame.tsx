"use client";

import type { ReactNode } from "react";
import { useMeasuredWidth } from "./use-measured-width";

/** A figure of a fixed height whose chart is drawn at the measured width, with a caption for readers and tests. */
export function ChartFrame({ name, caption, height, children }: { name: string; caption: string; height: number; children: (width: number) => ReactNode }) {
  const { ref, width, measured } = useMeasuredWidth<HTMLDivElement>(560);
  return (
    <figure className="chart" data-chart={name}>
      <div ref={ref} style={{ height, width: "100%" }}>
        {measured ? children(width) : null}
      </div>
      <figcaption className="muted">{caption}</figcaption>
    </figure>
  );
}
