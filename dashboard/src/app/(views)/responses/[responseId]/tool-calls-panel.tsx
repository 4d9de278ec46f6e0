import { Panel } from "@/components/layout/panel";
import { EmptyState } from "@/components/states/empty-state";
import { DataTable } from "@/components/table/data-table";
import type { ResponseDetail, ToolCallDetail } from "@/lib/api-types";
import { formatDuration, formatTimestamp, truncate } from "@/lib/format";
import { buildTimeline } from "@/lib/timeline";

function StatusBadges({ call }: { call: ToolCallDetail }) {
  return (
    <span className="inline-control">
      <span
        className={
          call.status === "completed"
            ? "badge badge-ok"
            : call.status === "failed"
              ? "badge badge-error"
              : "badge badge-warn"
        }
        data-status={call.status}
      >
        {call.status === "started" ? "unfinished" : call.status}
      </span>
      {call.start_inferred ? (
        <span
          className="badge badge-neutral"
          data-role="start-inferred"
          title="a completed or failed event arrived without a started event"
        >
          start inferred
        </span>
      ) : null}
    </span>
  );
}

/** The answer's tool calls on a timeline, then as a table with errors (redacted at ingestion) and results. */
export function ToolCallsPanel({ detail }: { detail: ResponseDetail }) {
  const calls = detail.tool_calls;
  const timeline = buildTimeline(detail.response, calls);
  return (
    <Panel
      title="Tool calls"
      subtitle="time relative to the start of the answer or its first tool call; hover a bar for details"
      id="response-tools"
      wide
    >
      {calls.length === 0 ? (
        <EmptyState>This response made no tool calls that carry its response_id.</EmptyState>
      ) : (
        <>
          <figure className="timeline chart" data-chart="tool-timeline" aria-label="Tool-call timeline">
            <div className="timeline-axis" aria-hidden="true">
              {timeline.ticks.map((tick) => (
                <span key={tick.pct} style={{ left: `${tick.pct}%` }}>
                  {tick.label}
                </span>
              ))}
            </div>
            {timeline.bars.map((bar) => (
              <div className="timeline-row" key={bar.id} data-timeline-row={bar.id}>
                <div className="timeline-name" title={bar.title}>
                  {bar.name}
                  {bar.startInferred ? <span className="timeline-flag">start inferred</span> : null}
                  {bar.unfinished ? <span className="timeline-flag">unfinished</span> : null}
                </div>
                <div className="timeline-track">
                  <div
                    className={`timeline-bar ${bar.kind === "answer" ? "" : bar.kind}${bar.startInferred ? " inferred" : ""}`}
                    style={{
                      left: `${bar.leftPct}%`,
                      width: `${Math.max(bar.widthPct, 0.3)}%`,
                      ...(bar.kind === "answer" ? { background: "#0072B2", opacity: 0.35 } : {}),
                    }}
                    title={bar.title}
                  />
                </div>
              </div>
            ))}
            <figcaption className="timeline-legend">
              <span>
                <span className="legend-swatch" style={{ background: "#0072B2", opacity: 0.35 }} />
                answer
              </span>
              <span>
                <span className="legend-swatch" style={{ background: "#2da44e" }} />
                completed
              </span>
              <span>
                <span className="legend-swatch" style={{ background: "#cf222e" }} />
                failed
              </span>
              <span>
                <span className="legend-swatch timeline-bar started" style={{ position: "static" }} />
                unfinished (no end event)
              </span>
              <span>
                <span className="legend-swatch" style={{ borderLeft: "3px dotted #24292f", background: "#9aa4b2" }} />
                start inferred (no started event)
              </span>
            </figcaption>
          </figure>
          <DataTable<ToolCallDetail>
            name="response-tool-calls"
            rows={calls}
            rowKey={(row) => row.tool_call_id}
            columns={[
              { header: "Started (UTC)", cell: (row) => formatTimestamp(row.started_at), csv: (row) => row.started_at },
              { header: "Tool", cell: (row) => row.tool_name, csv: (row) => row.tool_name },
              {
                header: "Status",
                cell: (row) => <StatusBadges call={row} />,
                csv: (row) => row.status,
                csvExtra: [{ header: "Start inferred", csv: (row) => row.start_inferred }],
              },
              {
                header: "Duration",
                align: "right",
                cell: (row) =>
                  row.duration_ms === null ? <span className="muted">unknown</span> : formatDuration(row.duration_ms),
                csv: (row) => row.duration_ms,
              },
              {
                header: "Error",
                cell: (row) =>
                  row.error_message || row.error_category ? (
                    <span className="cell-text" data-role="tool-error">
                      {[row.error_category, row.error_message].filter(Boolean).join(": ")}
                    </span>
                  ) : (
                    ""
                  ),
                csv: (row) => row.error_message,
                csvExtra: [{ header: "Error category", csv: (row) => row.error_category }],
              },
              {
                header: "Result",
                cell: (row) => <span className="cell-text">{truncate(row.result_summary, 120)}</span>,
                csv: (row) => row.result_summary,
              },
              {
                header: "Arguments",
                cell: (row) => <span className="cell-text mono">{truncate(row.arguments_json, 120)}</span>,
                csv: (row) => row.arguments_json,
              },
              {
                header: "Call id",
                cell: (row) => <span className="mono">{row.tool_call_id}</span>,
                csv: (row) => row.tool_call_id,
              },
            ]}
          />
        </>
      )}
    </Panel>
  );
}
