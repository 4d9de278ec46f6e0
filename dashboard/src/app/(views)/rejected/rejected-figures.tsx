import Link from "next/link";
import { CategoryBarChart } from "@/components/charts/category-bar-chart";
import { colorAt } from "@/components/charts/palette";
import { UrlSelect } from "@/components/filters/url-select";
import { Kpi, KpiGrid } from "@/components/figures/kpi";
import { Panel } from "@/components/layout/panel";
import { ResultView } from "@/components/states/result-view";
import { DataTable } from "@/components/table/data-table";
import { getRejected } from "@/lib/api-client";
import type { RejectedResult } from "@/lib/api-types";
import { fractionHeader } from "@/lib/csv";
import { formatCount, formatTimestamp } from "@/lib/format";
import type { ResolvedView } from "@/lib/resolve-view";
import { viewHref } from "@/lib/url-state";

export const REJECTED_LIMIT = 50;

type RejectedEvent = RejectedResult["events"][number];

/** `invalid_field:time_cost_ms` belongs to the kind `invalid_field`: the filter offers both. */
const kindOf = (reason: string) => reason.split(":")[0]!;

export async function RejectedFigures({ view }: { view: ResolvedView }) {
  const chosen = view.state.rejectedReason;
  const [all, filtered] = await Promise.all([
    getRejected(view.credentials, { range: view.range, limit: REJECTED_LIMIT }),
    chosen ? getRejected(view.credentials, { range: view.range, reason: chosen, limit: REJECTED_LIMIT }) : null,
  ]);
  const shown = filtered ?? all;
  const reasons = all.ok ? [...new Set(all.data.counts.flatMap((row) => [kindOf(row.reason), row.reason]))].sort() : [];
  const filter = (
    <UrlSelect
      field="rejectedReason"
      label="Reason"
      value={chosen}
      emptyLabel="all reasons"
      options={[...new Set([...(chosen ? [chosen] : []), ...reasons])].map((reason) => ({
        value: reason,
        label: reason,
      }))}
    />
  );
  return (
    <ResultView
      result={all}
      loginHref={view.relogin}
      isEmpty={(data) => data.total === 0}
      empty="No rejected events in this range: every event received was accepted."
    >
      {(allData) => (
        <>
          <KpiGrid>
            <Kpi
              id="rejected_total"
              label="Rejected events"
              value={formatCount(allData.total)}
              hint="deduplicated deliveries refused in range"
            />
            <Kpi id="rejected_reasons" label="Distinct reasons" value={formatCount(allData.counts.length)} />
          </KpiGrid>
          <div className="grid-2">
            <Panel title="Rejected events by reason" subtitle="most frequent first" id="rejected-chart">
              <CategoryBarChart
                name="rejected-reasons"
                caption="Rejected events per reason."
                data={allData.counts.map((row) => ({ label: row.reason, value: row.count }))}
                unit="count"
                valueLabel="rejected events"
                color={colorAt(3)}
              />
            </Panel>
            <Panel title="Counts by reason" id="rejected-counts">
              <DataTable
                name="rejected-counts"
                rows={allData.counts}
                rowKey={(row) => row.reason}
                columns={[
                  {
                    header: "Reason",
                    cell: (row) => (
                      <Link
                        href={viewHref(view.pathname, { ...view.state, rejectedReason: row.reason })}
                        className="mono"
                      >
                        {row.reason}
                      </Link>
                    ),
                    csv: (row) => row.reason,
                  },
                  { header: "Events", align: "right", cell: (row) => formatCount(row.count), csv: (row) => row.count },
                  {
                    header: "Share",
                    align: "right",
                    cell: (row) => `${((row.count / Math.max(1, allData.total)) * 100).toFixed(1)}%`,
                    csv: (row) => row.count / Math.max(1, allData.total),
                    csvHeader: fractionHeader("Share"),
                  },
                ]}
              />
            </Panel>
          </div>
          <Panel
            title={chosen ? `Newest rejected events: ${chosen}` : "Newest rejected events"}
            subtitle={`at most ${REJECTED_LIMIT}, newest first; payloads cut to their first 1,000 characters`}
            actions={filter}
            id="rejected-events"
            wide
          >
            <ResultView
              result={shown}
              loginHref={view.relogin}
              isEmpty={(data) => data.events.length === 0}
              empty="No rejected events with this reason in range."
            >
              {(data) => (
                <DataTable<RejectedEvent>
                  name="rejected-events"
                  rows={data.events}
                  rowKey={(row, index) => `${row.received_at}-${row.event_id ?? index}-${index}`}
                  columns={[
                    {
                      header: "Received (UTC)",
                      cell: (row) => formatTimestamp(row.received_at),
                      csv: (row) => row.received_at,
                    },
                    {
                      header: "Reason",
                      cell: (row) => <span className="mono">{row.reason}</span>,
                      csv: (row) => row.reason,
                    },
                    {
                      header: "Message",
                      cell: (row) => <span className="cell-text">{row.message}</span>,
                      csv: (row) => row.message,
                    },
                    {
                      header: "Type",
                      cell: (row) => row.event_type ?? <span className="muted">unknown</span>,
                      csv: (row) => row.event_type,
                    },
                    {
                      header: "Event id",
                      cell: (row) => <span className="mono">{row.event_id ?? "—"}</span>,
                      csv: (row) => row.event_id,
                    },
                    {
                      header: "Source",
                      cell: (row) => <span className="mono">{row.source}</span>,
                      csv: (row) => row.source,
                    },
                    {
                      header: "Payload",
                      cell: (row) => (
                        <>
                          <pre className="payload">{row.payload}</pre>
                          {row.payload_truncated ? (
                            <span className="badge badge-neutral">
                              truncated, {formatCount(row.payload_bytes)} bytes in all
                            </span>
                          ) : null}
                        </>
                      ),
                      csv: (row) => row.payload,
                      csvExtra: [
                        { header: "Payload truncated", csv: (row) => row.payload_truncated },
                        { header: "Payload bytes", csv: (row) => row.payload_bytes },
                      ],
                    },
                  ]}
                />
              )}
            </ResultView>
          </Panel>
        </>
      )}
    </ResultView>
  );
}
