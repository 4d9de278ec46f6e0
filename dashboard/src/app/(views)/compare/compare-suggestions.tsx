import Link from "next/link";
import { EmptyState } from "@/components/states/empty-state";
import { ResultView } from "@/components/states/result-view";
import { DataTable } from "@/components/table/data-table";
import { metricColumn } from "@/components/table/metric-column";
import { rateColumn } from "@/components/table/rate-column";
import { getMetrics } from "@/lib/api-client";
import type { Dimension } from "@/lib/dimensions";
import type { RateMetric } from "@/lib/metrics-catalog";
import type { ResolvedView } from "@/lib/resolve-view";
import { viewHref } from "@/lib/url-state";

/** Before two values are chosen: the values present, with the rate, and a one-click comparison of the two largest. */
export async function CompareSuggestions({
  view,
  metric,
  dimension,
}: {
  view: ResolvedView;
  metric: RateMetric;
  dimension: Dimension;
}) {
  const result = await getMetrics(view.credentials, {
    range: view.range,
    filters: view.state.filters,
    groupBy: [dimension],
  });
  return (
    <ResultView
      result={result}
      loginHref={view.relogin}
      isEmpty={(data) => data.rows.length === 0}
      empty="No responses in this range for these filters."
    >
      {(data) => {
        const rows = [...data.rows].sort((x, y) => y.response_count - x.response_count);
        const [first, second] = rows;
        return (
          <>
            {first && second ? (
              <p>
                Choose A and B above, or{" "}
                <Link
                  href={viewHref(view.pathname, {
                    ...view.state,
                    metric,
                    dimension,
                    a: first.dims[dimension] ?? null,
                    b: second.dims[dimension] ?? null,
                  })}
                  data-role="suggested-compare"
                >
                  compare {first.dims[dimension]} with {second.dims[dimension]}
                </Link>
                .
              </p>
            ) : (
              <EmptyState>Only one value of this dimension has responses in range: nothing to compare.</EmptyState>
            )}
            <DataTable
              name={`compare-values-${dimension}`}
              rows={rows}
              rowKey={(row) => row.dims[dimension] ?? ""}
              columns={[
                { header: "Value", cell: (row) => row.dims[dimension] ?? "", csv: (row) => row.dims[dimension] ?? "" },
                metricColumn("response_count"),
                rateColumn(metric),
              ]}
            />
          </>
        );
      }}
    </ResultView>
  );
}
