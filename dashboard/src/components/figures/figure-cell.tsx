import type { AttributionFigure } from "@/lib/api-types";
import { STATUS_BADGES, statusSentence, type AttributionMetricName } from "@/lib/attribution-catalog";
import { RateCell, type RateMark } from "./rate-cell";

/** How a figure without a value is marked, in the catalog's terms (its minimum sample); null when it has one. */
export function figureMark(
  metric: AttributionMetricName,
  figure: Pick<AttributionFigure, "denominator" | "status">,
): RateMark | null {
  if (figure.status === "ok") return null;
  return {
    badge: STATUS_BADGES[figure.status],
    title: statusSentence(metric, figure.status, figure.denominator),
    small: figure.status === "insufficient_sample",
    status: figure.status,
  };
}

/** A rate of the attribution answer in a table cell: the value only when the API computed it, else why not. */
export function FigureCell({ metric, figure }: { metric: AttributionMetricName; figure: AttributionFigure }) {
  return <RateCell value={figure.value} n={figure.denominator} mark={figureMark(metric, figure)} />;
}
