import Link from "next/link";
import { CategoryBarChart } from "@/components/charts/category-bar-chart";
import { Panel } from "@/components/layout/panel";
import { ResultView } from "@/components/states/result-view";
import { DataTable } from "@/components/table/data-table";
import { getFeedbackReasons } from "@/lib/api-client";
import { formatCount } from "@/lib/format";
import { reasonLabel } from "@/lib/reason-codes";
import type { ResolvedView } from "@/lib/resolve-view";
import { viewHref } from "@/lib/url-state";

/** Reason distribution of the down ratings, and the tool chains down-rated answers used most. */
export async function ReasonFigures({ view }: { view: ResolvedView }) {
  const result = await getFeedbackReasons(view.credentials, { range: view.range, filters: view.state.filters, chains: 10 });
  const showReason = (code: string | null) => viewHref(view.pathname, { ...view.state, samples: "down", reason: code, cursor: null });
  return (
    <>
      <Panel title="Reasons of down ratings" subtitle="reason codes of current down ratings; click a reason to see its samples" id="feedback-reasons">
        <ResultView result={result} loginHref={view.relogin} isEmpty={(data) => data.reasons.length === 0} empty="No down ratings in this range for these filters.">
          {(data) => (
            <>
              <CategoryBarChart
                name="feedback-reasons"
                caption="Down-rated responses per reason code."
                data={data.reasons.map((item) => ({ label: reasonLabel(item.reason_code), value: item.count }))}
                unit="count"
                valueLabel="down-rated responses"
                color="#D55E00"
              />
              <DataTable
                name="feedback-reasons"
                rows={data.reasons}
                rowKey={(row) => row.reason_code ?? "(none)"}
                columns={[
                  { header: "Reason", cell: (row) => (row.reason_code ? <Link href={showReason(row.reason_code)}>{reasonLabel(row.reason_code)}</Link> : reasonLabel(null)), csv: (row) => row.reason_code },
                  { header: "Down-rated", align: "right", cell: (row) => formatCount(row.count), csv: (row) => row.count },
                  { header: "Share", align: "right", cell: (row) => `${((row.count / Math.max(1, data.down_rated)) * 100).toFixed(1)}%`, csv: (row) => row.count / Math.max(1, data.down_rated) },
                ]}
              />
            </>
          )}
        </ResultView>
      </Panel>
      <Panel title="Common tool chains of down-rated answers" subtitle="tools in the order the answer used them" id="feedback-chains">
        <ResultView result={result} loginHref={view.relogin} isEmpty={(data) => data.tool_chains.length === 0} empty="No down ratings in this range for these filters.">
          {(data) => (
            <DataTable
              name="feedback-tool-chains"
              rows={data.tool_chains}
              rowKey={(row) => row.chain}
              columns={[
                { header: "Tool chain", cell: (row) => (row.chain ? <span className="mono">{row.chain}</span> : <span className="muted">no tool</span>), csv: (row) => row.chain },
                { header: "Down-rated", align: "right", cell: (row) => formatCount(row.count), csv: (row) => row.count },
                { header: "Share", align: "right", cell: (row) => `${((row.count / Math.max(1, data.down_rated)) * 100).toFixed(1)}%`, csv: (row) => row.count / Math.max(1, data.down_rated) },
              ]}
            />
          )}
        </ResultView>
      </Panel>
    </>
  );
}
