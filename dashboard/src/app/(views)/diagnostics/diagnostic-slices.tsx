import { UrlSelect } from "@/components/filters/url-select";
import { Panel } from "@/components/layout/panel";
import { ResultView } from "@/components/states/result-view";
import { DataTable, type Column } from "@/components/table/data-table";
import { rateColumn } from "@/components/table/rate-column";
import { getMetrics } from "@/lib/api-client";
import type { MetricsRow } from "@/lib/api-types";
import { DIMENSION_LABELS, DIMENSIONS } from "@/lib/dimensions";
import { formatCount, formatDuration, formatMean } from "@/lib/format";
import { DIAGNOSTIC_RATES } from "@/lib/metrics-catalog";
import type { ResolvedView } from "@/lib/resolve-view";

/** Phase 1 figures per provider (or model, or any dimension). */
export async function DiagnosticSlices({ view }: { view: ResolvedView }) {
  const slice = view.state.slice ?? "provider";
  const result = await getMetrics(view.credentials, { range: view.range, filters: view.state.filters, groupBy: [slice] });
  const columns: Column<MetricsRow>[] = [
    { header: DIMENSION_LABELS[slice], cell: (row) => row.dims[slice] ?? "", csv: (row) => row.dims[slice] ?? "" },
    { header: "Responses", align: "right", cell: (row) => formatCount(row.response_count), csv: (row) => row.response_count },
    { header: "p50", align: "right", cell: (row) => formatDuration(row.latency_p50_ms), csv: (row) => row.latency_p50_ms },
    { header: "p95", align: "right", cell: (row) => formatDuration(row.latency_p95_ms), csv: (row) => row.latency_p95_ms },
    { header: "p99", align: "right", cell: (row) => formatDuration(row.latency_p99_ms), csv: (row) => row.latency_p99_ms },
    ...DIAGNOSTIC_RATES.map(rateColumn),
    { header: "Avg iterations", align: "right", cell: (row) => formatMean(row.avg_iteration_count), csv: (row) => row.avg_iteration_count },
    { header: "Avg tools", align: "right", cell: (row) => formatMean(row.avg_tool_count), csv: (row) => row.avg_tool_count },
    { header: "Avg tokens", align: "right", cell: (row) => formatCount(row.avg_total_tokens === null ? null : Math.round(row.avg_total_tokens)), csv: (row) => row.avg_total_tokens },
  ];
  return (
    <Panel
      title={`By ${DIMENSION_LABELS[slice].toLowerCase()}`}
      subtitle="tool success covers tool calls of the slice's responses"
      id="diagnostics-slices"
      wide
      actions={<UrlSelect field="slice" label="Group by" value={slice} options={DIMENSIONS.map((dimension) => ({ value: dimension, label: DIMENSION_LABELS[dimension] }))} />}
    >
      <ResultView result={result} loginHref={view.relogin} isEmpty={(data) => data.rows.length === 0} empty="No responses in this range for these filters.">
        {(data) => <DataTable name={`diagnostics-by-${slice}`} columns={columns} rows={[...data.rows].sort((a, b) => b.response_count - a.response_count)} rowKey={(row) => row.dims[slice] ?? ""} />}
      </ResultView>
    </Panel>
  );
}
