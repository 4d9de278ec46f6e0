import { UrlSelect } from "@/components/filters/url-select";
import { Panel } from "@/components/layout/panel";
import { ResultView } from "@/components/states/result-view";
import { DataTable, type Column } from "@/components/table/data-table";
import { metricColumn } from "@/components/table/metric-column";
import { rateColumn } from "@/components/table/rate-column";
import { getMetrics } from "@/lib/api-client";
import type { MetricsRow } from "@/lib/api-types";
import { DIMENSION_LABELS, DIMENSIONS } from "@/lib/dimensions";
import { DIAGNOSTIC_RATES } from "@/lib/metrics-catalog";
import type { ResolvedView } from "@/lib/resolve-view";

/** Phase 1 figures per provider (or model, or any dimension). */
export async function DiagnosticSlices({ view }: { view: ResolvedView }) {
  const slice = view.state.slice ?? "provider";
  const result = await getMetrics(view.credentials, {
    range: view.range,
    filters: view.state.filters,
    groupBy: [slice],
  });
  const columns: Column<MetricsRow>[] = [
    { header: DIMENSION_LABELS[slice], cell: (row) => row.dims[slice] ?? "", csv: (row) => row.dims[slice] ?? "" },
    ...(["response_count", "latency_p50_ms", "latency_p95_ms", "latency_p99_ms"] as const).map(metricColumn),
    ...DIAGNOSTIC_RATES.map(rateColumn),
    ...(["avg_iteration_count", "avg_tool_count", "avg_total_tokens"] as const).map(metricColumn),
  ];
  return (
    <Panel
      title={`By ${DIMENSION_LABELS[slice].toLowerCase()}`}
      subtitle="tool success covers tool calls of the slice's responses"
      id="diagnostics-slices"
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
            name={`diagnostics-by-${slice}`}
            columns={columns}
            rows={[...data.rows].sort((a, b) => b.response_count - a.response_count)}
            rowKey={(row) => row.dims[slice] ?? ""}
          />
        )}
      </ResultView>
    </Panel>
  );
}
