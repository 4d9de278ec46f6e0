import type { MetricsRow } from "@/lib/api-types";
import { formatMetric, metricLabel, type RateMetric } from "@/lib/metrics-catalog";
import type { MetricName } from "@answerscope/contracts/metrics";
import type { Column } from "./data-table";

/** A metrics-row figure that is not a rate (rates: rate-column.tsx, with their sample size) as a table column, labelled and formatted as the catalog says. */
export function metricColumn(metric: Exclude<MetricName, RateMetric>): Column<MetricsRow> {
  return {
    header: metricLabel(metric),
    align: "right",
    cell: (row) => formatMetric(metric, row[metric]),
    csv: (row) => row[metric],
  };
}
