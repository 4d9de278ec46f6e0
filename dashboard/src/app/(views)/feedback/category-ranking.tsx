import { CategoryBarChart } from "@/components/charts/category-bar-chart";
import { colorAt } from "@/components/charts/palette";
import { Panel } from "@/components/layout/panel";
import { ResultView } from "@/components/states/result-view";
import { DataTable } from "@/components/table/data-table";
import { metricColumn } from "@/components/table/metric-column";
import { rateColumn } from "@/components/table/rate-column";
import { getMetrics } from "@/lib/api-client";
import type { MetricsRow } from "@/lib/api-types";
import type { ResolvedView } from "@/lib/resolve-view";
import { sampleSizeOf } from "@/lib/sample-size";

/** Query categories ranked by thumbs-down rate; categories without ratings last. */
export async function CategoryRanking({ view }: { view: ResolvedView }) {
  const result = await getMetrics(view.credentials, {
    range: view.range,
    filters: view.state.filters,
    groupBy: ["query_category"],
  });
  const ranked = (rows: MetricsRow[]) =>
    [...rows].sort(
      (a, b) => (b.thumbs_down_rate ?? -1) - (a.thumbs_down_rate ?? -1) || b.response_count - a.response_count,
    );
  return (
    <Panel
      title="Categories by thumbs-down rate"
      subtitle="rated down / rated, per query category; lighter bars: fewer than 30 rated"
      id="feedback-categories"
    >
      <ResultView
        result={result}
        loginHref={view.relogin}
        isEmpty={(data) => data.rows.length === 0}
        empty="No responses in this range for these filters."
      >
        {(data) => (
          <>
            <CategoryBarChart
              name="feedback-categories"
              caption="Thumbs-down rate per query category."
              data={ranked(data.rows)
                .filter((row) => row.thumbs_down_rate !== null)
                .map((row) => ({
                  label: row.dims.query_category ?? "",
                  value: row.thumbs_down_rate,
                  n: sampleSizeOf(row, "thumbs_down_rate"),
                }))}
              unit="percent"
              valueLabel="thumbs-down rate (%)"
              color={colorAt(4)}
            />
            <DataTable
              name="feedback-categories"
              rows={ranked(data.rows)}
              rowKey={(row) => row.dims.query_category ?? ""}
              columns={[
                {
                  header: "Query category",
                  cell: (row) => row.dims.query_category ?? "",
                  csv: (row) => row.dims.query_category ?? "",
                },
                rateColumn("thumbs_down_rate"),
                metricColumn("response_count"),
                rateColumn("good_answer_rate"),
              ]}
            />
          </>
        )}
      </ResultView>
    </Panel>
  );
}
