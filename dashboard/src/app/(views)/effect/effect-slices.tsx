import { UrlSelect } from "@/components/filters/url-select";
import { Panel } from "@/components/layout/panel";
import { ResultView } from "@/components/states/result-view";
import { DataTable, type Column } from "@/components/table/data-table";
import { metricColumn } from "@/components/table/metric-column";
import { rateColumn } from "@/components/table/rate-column";
import { getMetrics } from "@/lib/api-client";
import type { MetricsRow } from "@/lib/api-types";
import { DIMENSION_LABELS, DIMENSIONS } from "@/lib/dimensions";
import { formatCount } from "@/lib/format";
import { OUTCOME_LABELS, type RateMetric } from "@/lib/metrics-catalog";
import type { ResolvedView } from "@/lib/resolve-view";

const TABLE_RATES = [
  "good_answer_rate",
  "one_turn_resolution_rate",
  "thumbs_down_rate",
  "thumbs_up_rate",
  "reask_rate",
  "followup_rate",
  "feedback_coverage",
] as const satisfies readonly RateMetric[];

/** The effect rates per value of one dimension, with sample sizes, largest slices first. */
export async function EffectSlices({ view }: { view: ResolvedView }) {
  const slice = view.state.slice ?? "model";
  const result = await getMetrics(view.credentials, {
    range: view.range,
    filters: view.state.filters,
    groupBy: [slice],
  });
  const columns: Column<MetricsRow>[] = [
    { header: DIMENSION_LABELS[slice], cell: (row) => row.dims[slice] ?? "", csv: (row) => row.dims[slice] ?? "" },
    metricColumn("response_count"),
    ...TABLE_RATES.map(rateColumn),
    ...OUTCOME_LABELS.map((label): Column<MetricsRow> => ({
      header: label,
      align: "right",
      cell: (row) => formatCount(row.outcome_counts?.[label]),
      csv: (row) => row.outcome_counts?.[label] ?? null,
    })),
  ];
  return (
    <Panel
      title={`By ${DIMENSION_LABELS[slice].toLowerCase()}`}
      subtitle="each rate with its sample size; marked when fewer than 30"
      id="effect-slices"
      wide
      actions={
        <UrlSelect
          field="slice"
          label="Group by"
          value={slice}
          options={DIMENSIONS.map((dimension) => ({ value: dimension, label: DIMENSION_LABELS[dimension] }))}
        />
      }
    >
      <ResultView
        result={result}
        loginHref={view.relogin}
        isEmpty={(data) => data.rows.length === 0}
        empty="No responses in this range for these filters."
      >
        {(data) => (
          <DataTable
            name={`effect-by-${slice}`}
            columns={columns}
            rows={[...data.rows].sort((a, b) => b.response_count - a.response_count)}
            rowKey={(row) => row.dims[slice] ?? ""}
          />
        )}
      </ResultView>
    </Panel>
  );
}
