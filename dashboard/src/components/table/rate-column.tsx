import { RateCell } from "@/components/figures/rate-cell";
import type { MetricsRow } from "@/lib/api-types";
import { RATES, type RateMetric } from "@/lib/metrics-catalog";
import { sampleSizeOf } from "@/lib/sample-size";
import { fractionHeader } from "@/lib/csv";
import type { Column } from "./data-table";

/** A metrics-row rate as a table column: the rate with its sample size on screen, both as columns in the CSV. */
export function rateColumn(metric: RateMetric): Column<MetricsRow> {
  return {
    header: RATES[metric].label,
    align: "right",
    cell: (row) => <RateCell value={row[metric]} n={sampleSizeOf(row, metric)} />,
    csv: (row) => row[metric],
    csvHeader: fractionHeader(RATES[metric].label),
    csvExtra: [{ header: `${RATES[metric].label} n`, csv: (row) => sampleSizeOf(row, metric) }],
  };
}
