import Link from "next/link";
import { LabelBadge } from "@/components/figures/label-badge";
import { Panel } from "@/components/layout/panel";
import { ResultView } from "@/components/states/result-view";
import { DataTable } from "@/components/table/data-table";
import { responseColumns } from "@/components/table/response-columns";
import { getLabelAgreementSamples } from "@/lib/api-client";
import type { LabelAgreementSamplesResult } from "@/lib/api-types";
import { formatTimestamp } from "@/lib/format";
import type { OutcomeLabel } from "@/lib/metrics-catalog";
import type { ResolvedView } from "@/lib/resolve-view";
import { viewHref } from "@/lib/url-state";
import { AGREEMENT_SOURCE } from "./source";

export const CELL_SAMPLES_LIMIT = 50;

type CellSample = LabelAgreementSamplesResult["samples"][number];

/** The newest responses of one matrix cell, each opening its detail page. */
export async function CellSamples({
  view,
  label,
  external,
}: {
  view: ResolvedView;
  label: OutcomeLabel;
  external: string;
}) {
  const result = await getLabelAgreementSamples(view.credentials, {
    range: view.range,
    filters: view.state.filters,
    source: AGREEMENT_SOURCE,
    label,
    external,
    limit: CELL_SAMPLES_LIMIT,
  });
  const close = (
    <Link href={viewHref(view.pathname, { ...view.state, cellLabel: null, cellExternal: null })}>Close</Link>
  );
  return (
    <Panel
      title={`Responses labelled ${label} by Answerscope and ${external} by ${AGREEMENT_SOURCE}`}
      subtitle={`newest first, at most ${CELL_SAMPLES_LIMIT}`}
      actions={close}
      id="agreement-samples"
      wide
    >
      <ResultView
        result={result}
        loginHref={view.relogin}
        isEmpty={(data) => data.samples.length === 0}
        empty="No responses in this cell for this range and these filters."
      >
        {(data) => (
          <DataTable<CellSample>
            name="agreement-samples"
            rows={data.samples}
            rowKey={(row) => row.response_id}
            columns={[
              ...responseColumns<CellSample>(view.state),
              {
                header: "Answerscope",
                cell: (row) => <LabelBadge label={row.answerscope_label} reason={row.label_reason} />,
                csv: (row) => row.answerscope_label,
              },
              {
                header: "Rule",
                cell: (row) => <span className="mono">{row.label_reason ?? "not evaluated"}</span>,
                csv: (row) => row.label_reason,
              },
              {
                header: AGREEMENT_SOURCE,
                cell: (row) => <span className="mono">{row.external_label}</span>,
                csv: (row) => row.external_label,
              },
              {
                header: `${AGREEMENT_SOURCE} evaluated (UTC)`,
                cell: (row) => formatTimestamp(row.external_evaluated_at),
                csv: (row) => row.external_evaluated_at,
              },
            ]}
          />
        )}
      </ResultView>
    </Panel>
  );
}
