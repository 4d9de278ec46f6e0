import type { XAxisTickContentProps } from "recharts";
import { CHART_TEXT } from "./palette";
import { tickLabel, timeTicks } from "./time-axis";

/** The plot area's place in a time chart: both time charts use these, so their x axes line up. */
export const TIME_MARGIN = { top: 8, right: 16, bottom: 24, left: 16 } as const;
export const Y_AXIS_WIDTH = 64;

/** Where time `ms` lands on a chart `width` px wide showing `fromMs`..`toMs` (recharts' linear scale, computed here for bars that span their bucket). */
export function timeToX(width: number, fromMs: number, toMs: number) {
  const left = TIME_MARGIN.left + Y_AXIS_WIDTH;
  const plotWidth = width - left - TIME_MARGIN.right;
  return (ms: number) => left + ((ms - fromMs) / Math.max(1, toMs - fromMs)) * plotWidth;
}

/**
 * The x axis of every time chart: the view's range (never the data's extent, so charts side by
 * side share one axis and a series that starts late is not stretched), ticks from timeTicks, each
 * tick carrying its time for tests and scripts.
 */
export function timeXAxisProps(fromMs: number, toMs: number, width: number) {
  const { ticks, stepMs } = timeTicks(fromMs, toMs, width - TIME_MARGIN.left - TIME_MARGIN.right - Y_AXIS_WIDTH);
  return {
    dataKey: "x",
    type: "number" as const,
    scale: "linear" as const,
    domain: [fromMs, toMs],
    // Marks sit inside the range (timeRows clamps them), so the domain is never widened to data.
    allowDataOverflow: true,
    ticks,
    interval: 0 as const,
    tick: ({ x, y, payload }: XAxisTickContentProps) => (
      <g transform={`translate(${x},${y})`}>
        <text dy={12} textAnchor="middle" fontSize={12} fill={CHART_TEXT} data-tick={Number(payload.value)}>
          {tickLabel(Number(payload.value), stepMs)}
        </text>
      </g>
    ),
    label: { value: "time (UTC)", position: "insideBottom" as const, offset: -12, fontSize: 12, fill: CHART_TEXT },
  };
}
