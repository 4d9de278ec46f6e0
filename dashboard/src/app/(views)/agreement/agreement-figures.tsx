import { Kpi, KpiGrid } from "@/components/figures/kpi";
import { LabelBadge } from "@/components/figures/label-badge";
import { RateCell } from "@/components/figures/rate-cell";
import { Panel } from "@/components/layout/panel";
import { ResultView } from "@/components/states/result-view";
import { DataTable } from "@/components/table/data-table";
import { getLabelAgreement } from "@/lib/api-client";
import type { LabelAgreementResult } from "@/lib/api-types";
import { fractionHeader } from "@/lib/csv";
import { formatCount, formatInterval, formatRate, MISSING } from "@/lib/format";
import type { ResolvedView } from "@/lib/resolve-view";
import { AgreementMatrix } from "./agreement-matrix";
import { AGREEMENT_SOURCE } from "./source";

type ByExternalLabel = LabelAgreementResult["by_external_label"][number];

/** The agreement figures, the matrix and the per-label table of one range and filter set. */
export async function AgreementFigures({ view }: { view: ResolvedView }) {
  const result = await getLabelAgreement(view.credentials, {
    range: view.range,
    filters: view.state.filters,
    source: AGREEMENT_SOURCE,
  });
  return (
    <ResultView
      result={result}
      loginHref={view.relogin}
      isEmpty={(data) => data.cells.length === 0}
      empty={`No response in this range carries a ${AGREEMENT_SOURCE} label for these filters (${AGREEMENT_SOURCE}'s labels arrive with \`answerscope import vikingbot\`).`}
    >
      {(data) => (
        <>
          <KpiGrid>
            <Kpi
              id="agreement_rate"
              label="Agreement"
              value={formatRate(data.agreement_rate)}
              n={data.compared}
              denominator="labelled by both"
              hint={
                data.agreement_rate === null
                  ? "nothing to compare yet"
                  : `95 % interval ${formatInterval(data.agreement_ci_low, data.agreement_ci_high)}`
              }
            />
            <Kpi
              id="only_answerscope"
              label="Only Answerscope labelled"
              value={formatCount(data.only_answerscope)}
              hint={`final label, no ${AGREEMENT_SOURCE} label`}
            />
            <Kpi
              id="only_external"
              label={`Only ${AGREEMENT_SOURCE} labelled`}
              value={formatCount(data.only_external)}
              hint="Answerscope's label not final yet"
            />
            <Kpi
              id="not_compared"
              label="Not compared"
              value={formatCount(data.not_compared)}
              hint="both labelled, label outside the mapping"
            />
            <Kpi
              id="external_without_response"
              label="Labels without a response"
              value={data.external_without_response === null ? MISSING : formatCount(data.external_without_response)}
              hint={
                data.external_without_response === null
                  ? "not counted with dimension filters"
                  : "evaluated in range, answer unknown to Answerscope"
              }
            />
          </KpiGrid>
          <Panel
            title={`Answerscope label × ${AGREEMENT_SOURCE} label`}
            subtitle={`responses in range with a ${AGREEMENT_SOURCE} label: ✓ agree, ✗ disagree under the mapping below, – not compared; a count lists its responses`}
            id="agreement-matrix"
            wide
          >
            <AgreementMatrix view={view} data={data} />
          </Panel>
          <Panel
            title={`Agreement per ${AGREEMENT_SOURCE} label, and the mapping`}
            subtitle="which Answerscope labels count as agreeing, and why"
            id="agreement-by-label"
            wide
          >
            <DataTable<ByExternalLabel>
              name="agreement-by-label"
              rows={data.by_external_label}
              rowKey={(row) => row.external_label}
              columns={[
                {
                  header: `${AGREEMENT_SOURCE} label`,
                  cell: (row) => <span className="mono">{row.external_label}</span>,
                  csv: (row) => row.external_label,
                },
                {
                  header: "Agrees with",
                  cell: (row) =>
                    row.agreeing_labels ? (
                      row.agreeing_labels.map((label) => <LabelBadge key={label} label={label} />)
                    ) : (
                      <span className="muted">not compared</span>
                    ),
                  csv: (row) => row.agreeing_labels?.join(" ") ?? null,
                },
                {
                  header: "Labelled",
                  align: "right",
                  cell: (row) => formatCount(row.labelled),
                  csv: (row) => row.labelled,
                },
                {
                  header: "Agreement",
                  align: "right",
                  cell: (row) => <RateCell value={row.agreement_rate} n={row.compared} />,
                  csv: (row) => row.agreement_rate,
                  csvHeader: fractionHeader("Agreement"),
                  csvExtra: [
                    { header: "Compared", csv: (row) => row.compared },
                    { header: "Agreeing", csv: (row) => row.agreeing },
                  ],
                },
                {
                  header: "Meaning",
                  cell: (row) => <span className="cell-text">{row.meaning ?? "not in the mapping"}</span>,
                  csv: (row) => row.meaning,
                },
              ]}
            />
          </Panel>
        </>
      )}
    </ResultView>
  );
}
