import { Panel } from "@/components/layout/panel";
import { ResultView } from "@/components/states/result-view";
import { DataTable } from "@/components/table/data-table";
import { getFeedbackReasons } from "@/lib/api-client";
import { fractionHeader } from "@/lib/csv";
import { formatCount } from "@/lib/format";
import { reasonLabel } from "@/lib/reason-codes";
import type { ResolvedView } from "@/lib/resolve-view";
import { ReasonBars } from "./reason-bars";

/** Reason distribution of the down ratings, and the tool chains down-rated answers used most. */
export async function ReasonFigures({ view }: { view: ResolvedView }) {
  const result = await getFeedbackReasons(view.credentials, {
    range: view.range,
    filters: view.state.filters,
    chains: 10,
  });
  return (
    <>
      <Panel
        title="Reasons of down ratings"
        subtitle="reason codes of current down ratings; choose a reason to list its samples below"
        id="feedback-reasons"
      >
        <ResultView
          result={result}
          loginHref={view.relogin}
          isEmpty={(data) => data.reasons.length === 0}
          empty="No down ratings in this range for these filters."
        >
          {(data) => (
            <>
              <ReasonBars view={view} data={data} />
              <DataTable
                name="feedback-reasons"
                rows={data.reasons}
                rowKey={(row) => row.reason_code ?? "(none)"}
                columns={[
                  { header: "Reason", cell: (row) => reasonLabel(row.reason_code), csv: (row) => row.reason_code },
                  {
                    header: "Down-rated",
                    align: "right",
                    cell: (row) => formatCount(row.count),
                    csv: (row) => row.count,
                  },
                  {
                    header: "Share",
                    align: "right",
                    cell: (row) => `${((row.count / Math.max(1, data.down_rated)) * 100).toFixed(1)}%`,
                    csv: (row) => row.count / Math.max(1, data.down_rated),
                    csvHeader: fractionHeader("Share"),
                  },
                ]}
              />
            </>
          )}
        </ResultView>
      </Panel>
      <Panel
        title="Common tool chains of down-rated answers"
        subtitle="tools in the order the answer used them"
        id="feedback-chains"
      >
        <ResultView
          result={result}
          loginHref={view.relogin}
          isEmpty={(data) => data.tool_chains.length === 0}
          empty="No down ratings in this range for these filters."
        >
          {(data) => (
            <DataTable
              name="feedback-tool-chains"
              rows={data.tool_chains}
              rowKey={(row) => row.chain}
              columns={[
                {
                  header: "Tool chain",
                  cell: (row) =>
                    row.chain ? <span className="mono">{row.chain}</span> : <span className="muted">no tool</span>,
                  csv: (row) => row.chain,
                },
                {
                  header: "Down-rated",
                  align: "right",
                  cell: (row) => formatCount(row.count),
                  csv: (row) => row.count,
                },
                {
                  header: "Share",
                  align: "right",
                  cell: (row) => `${((row.count / Math.max(1, data.down_rated)) * 100).toFixed(1)}%`,
                  csv: (row) => row.count / Math.max(1, data.down_rated),
                  csvHeader: fractionHeader("Share"),
                },
              ]}
            />
          )}
        </ResultView>
      </Panel>
    </>
  );
}
