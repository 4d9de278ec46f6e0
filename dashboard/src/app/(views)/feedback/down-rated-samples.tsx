import Link from "next/link";
import { UrlSelect } from "@/components/filters/url-select";
import { LabelBadge } from "@/components/figures/label-badge";
import { Panel } from "@/components/layout/panel";
import { ResultView } from "@/components/states/result-view";
import { DataTable } from "@/components/table/data-table";
import { responseColumns } from "@/components/table/response-columns";
import { getSamples, type SamplesQuery } from "@/lib/api-client";
import type { Sample } from "@/lib/api-types";
import { formatDuration, truncate } from "@/lib/format";
import { isReasonFilter, NO_REASON, REASON_CODES, reasonLabel } from "@/lib/reason-codes";
import type { ResolvedView } from "@/lib/resolve-view";
import { SAMPLE_KINDS, type SampleKind } from "@/lib/url-state";
import { FocusOnArrival } from "./focus-on-arrival";
import { SAMPLES_ID, samplesHref } from "./samples-link";

export const SAMPLES_PAGE_SIZE = 25;

/** Which samples each kind asks the API for. */
const KIND_QUERY: Record<SampleKind, Pick<SamplesQuery, "ratings" | "labels">> = {
  down: { ratings: ["down"] },
  bad: { labels: ["bad"] },
  failed: { labels: ["failed"] },
};

/**
 * The newest down-rated (or bad, or failed) samples, a page at a time; each opens its detail page.
 * A reason filter shows as a chip whose × removes it; links that change the list land here, focused.
 */
export async function DownRatedSamples({ view }: { view: ResolvedView }) {
  const kind = view.state.samples;
  const reason = isReasonFilter(view.state.reason) ? view.state.reason : null;
  const result = await getSamples(view.credentials, {
    range: view.range,
    filters: view.state.filters,
    ...KIND_QUERY[kind],
    reasonCodes: reason ? [reason] : [],
    limit: SAMPLES_PAGE_SIZE,
    cursor: view.state.cursor,
  });
  const controls = (
    <>
      <UrlSelect
        field="samples"
        label="Show"
        value={kind}
        options={Object.entries(SAMPLE_KINDS).map(([value, label]) => ({ value, label }))}
      />
      <UrlSelect
        field="reason"
        label="Reason"
        value={reason}
        emptyLabel="any"
        options={[...REASON_CODES, NO_REASON].map((code) => ({ value: code, label: reasonLabel(code) }))}
      />
      {reason ? (
        <span className="chip" data-filter={`reason=${reason}`}>
          Reason: <strong>{reasonLabel(reason)}</strong>
          <Link
            href={samplesHref(view, { reason: null })}
            aria-label={`Remove filter reason: ${reasonLabel(reason)}`}
            data-role="remove-reason"
          >
            ×
          </Link>
        </span>
      ) : null}
    </>
  );
  const title = `${SAMPLE_KINDS[kind]} samples${reason ? ` with reason "${reasonLabel(reason)}"` : ""}, newest first`;
  return (
    <Panel
      title={title}
      subtitle={view.state.cursor ? "an older page" : "first page"}
      actions={controls}
      id={SAMPLES_ID}
      wide
    >
      <FocusOnArrival id={SAMPLES_ID} />
      <ResultView
        result={result}
        loginHref={view.relogin}
        isEmpty={(data) => data.samples.length === 0}
        empty={view.state.cursor ? "No older samples." : "No such samples in this range for these filters."}
      >
        {(data) => (
          <DataTable<Sample>
            name={`samples-${kind}`}
            rows={data.samples}
            rowKey={(row) => row.response_id}
            footer={
              <span className="pager">
                {view.state.cursor ? <Link href={samplesHref(view, { cursor: null })}>« Newest</Link> : null}
                {data.next_cursor ? (
                  <Link href={samplesHref(view, { cursor: data.next_cursor })} data-role="next-page">
                    Older samples »
                  </Link>
                ) : (
                  <span className="muted">last page</span>
                )}
              </span>
            }
            columns={[
              ...responseColumns<Sample>(view.state),
              {
                header: "Query",
                cell: (row) => <span className="cell-text">{truncate(row.query_text, 80)}</span>,
                csv: (row) => row.query_text,
              },
              { header: "Model", cell: (row) => row.dims.model, csv: (row) => row.dims.model },
              { header: "Channel", cell: (row) => row.dims.channel, csv: (row) => row.dims.channel },
              { header: "Category", cell: (row) => row.dims.query_category, csv: (row) => row.dims.query_category },
              {
                header: "Rating",
                cell: (row) => row.rating ?? <span className="muted">none</span>,
                csv: (row) => row.rating,
              },
              // A rating without a reason says so; a response without a rating has no reason to give.
              {
                header: "Reason",
                cell: (row) => (row.rating ? reasonLabel(row.reason_code) : ""),
                csv: (row) => row.reason_code,
              },
              {
                header: "Comment",
                cell: (row) => <span className="cell-text">{truncate(row.comment, 80)}</span>,
                csv: (row) => row.comment,
              },
              {
                header: "Label",
                cell: (row) => <LabelBadge label={row.label} reason={row.label_reason} />,
                csv: (row) => row.label,
                csvExtra: [{ header: "Label rule", csv: (row) => row.label_reason }],
              },
              {
                header: "Latency",
                align: "right",
                cell: (row) => formatDuration(row.time_cost_ms),
                csv: (row) => row.time_cost_ms,
              },
              {
                header: "Trace",
                cell: (row) =>
                  row.trace_url ? (
                    <a href={row.trace_url} target="_blank" rel="noopener noreferrer">
                      trace ↗
                    </a>
                  ) : (
                    <span className="muted">none</span>
                  ),
                csv: (row) => row.trace_url,
              },
            ]}
          />
        )}
      </ResultView>
    </Panel>
  );
}
