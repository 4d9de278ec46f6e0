import { CategoryBarChart } from "@/components/charts/category-bar-chart";
import { ToolFilter } from "@/components/filters/tool-filter";
import { RateCell } from "@/components/figures/rate-cell";
import { Panel } from "@/components/layout/panel";
import { ResultView } from "@/components/states/result-view";
import { DataTable } from "@/components/table/data-table";
import { getTools } from "@/lib/api-client";
import type { ToolRow } from "@/lib/api-types";
import { fractionHeader } from "@/lib/csv";
import { formatCount, formatDuration } from "@/lib/format";
import type { ResolvedView } from "@/lib/resolve-view";

const finished = (row: ToolRow) => row.completed + row.failed;

/** Per tool: calls, outcomes, error rate with its sample size, p95 duration and the most frequent error categories. */
export async function ToolFigures({ view }: { view: ResolvedView }) {
  // All tools for the picker, the chosen ones for the figures: one read when nothing is chosen.
  const [all, chosen] = await Promise.all([
    getTools(view.credentials, { range: view.range, filters: view.state.filters }),
    view.state.tools.length
      ? getTools(view.credentials, { range: view.range, filters: view.state.filters, tools: view.state.tools })
      : null,
  ]);
  const result = chosen ?? all;
  const toolNames = all.ok ? all.data.rows.map((row) => row.tool_name) : [];
  return (
    <>
      <Panel
        title="Tool error rate by tool"
        subtitle="failed / (completed + failed); lighter bars: fewer than 30 finished calls"
        id="tools-chart"
        actions={<ToolFilter tools={toolNames} />}
      >
        <ResultView
          result={result}
          loginHref={view.relogin}
          isEmpty={(data) => data.rows.length === 0}
          empty="No tool calls in this range for these filters."
        >
          {(data) => (
            <CategoryBarChart
              name="tools-error-rate"
              caption="Share of finished calls that failed, per tool."
              data={[...data.rows]
                .sort((a, b) => (b.error_rate ?? -1) - (a.error_rate ?? -1))
                .map((row) => ({ label: row.tool_name, value: row.error_rate, n: finished(row) }))}
              unit="percent"
              valueLabel="error rate (%)"
              color="#D55E00"
            />
          )}
        </ResultView>
      </Panel>
      <Panel
        wide
        title="Tools"
        subtitle="reduced tool calls whose first event is in range (with filters: the calls of the matching responses); unfinished: started, never ended"
        id="tools-table"
      >
        <ResultView
          result={result}
          loginHref={view.relogin}
          isEmpty={(data) => data.rows.length === 0}
          empty="No tool calls in this range for these filters."
        >
          {(data) => (
            <DataTable
              name="tools"
              rows={[...data.rows].sort((a, b) => b.calls - a.calls)}
              rowKey={(row) => row.tool_name}
              columns={[
                { header: "Tool", cell: (row) => row.tool_name, csv: (row) => row.tool_name },
                { header: "Calls", align: "right", cell: (row) => formatCount(row.calls), csv: (row) => row.calls },
                {
                  header: "Completed",
                  align: "right",
                  cell: (row) => formatCount(row.completed),
                  csv: (row) => row.completed,
                },
                { header: "Failed", align: "right", cell: (row) => formatCount(row.failed), csv: (row) => row.failed },
                {
                  header: "Unfinished",
                  align: "right",
                  cell: (row) => formatCount(row.unfinished),
                  csv: (row) => row.unfinished,
                },
                {
                  header: "Error rate",
                  align: "right",
                  cell: (row) => <RateCell value={row.error_rate} n={finished(row)} />,
                  csv: (row) => row.error_rate,
                  csvHeader: fractionHeader("Error rate"),
                  csvExtra: [{ header: "Error rate n", csv: finished }],
                },
                {
                  header: "p95 duration",
                  align: "right",
                  cell: (row) => formatDuration(row.duration_p95_ms),
                  csv: (row) => row.duration_p95_ms,
                },
                {
                  header: "Top error categories",
                  cell: (row) =>
                    row.top_error_categories.length ? (
                      row.top_error_categories
                        .slice(0, 3)
                        .map((item) => `${item.category} (${formatCount(item.count)})`)
                        .join(", ")
                    ) : (
                      <span className="muted">—</span>
                    ),
                  csv: (row) => row.top_error_categories.map((item) => `${item.category}:${item.count}`).join("; "),
                },
              ]}
            />
          )}
        </ResultView>
      </Panel>
    </>
  );
}
