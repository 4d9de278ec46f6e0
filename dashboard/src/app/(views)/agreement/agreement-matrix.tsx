import Link from "next/link";
import { LabelBadge } from "@/components/figures/label-badge";
import { DataTable } from "@/components/table/data-table";
import type { LabelAgreementCell, LabelAgreementResult } from "@/lib/api-types";
import { formatCount } from "@/lib/format";
import { OUTCOME_LABELS, type OutcomeLabel } from "@/lib/metrics-catalog";
import type { ResolvedView } from "@/lib/resolve-view";
import { viewHref } from "@/lib/url-state";
import { AGREEMENT_SOURCE, VERDICTS, verdictOf } from "./source";

type MatrixRow = { label: OutcomeLabel; cells: Map<string, LabelAgreementCell>; total: number };

/** Rows: Answerscope's labels present, in the label order of docs/metrics.md; columns: the external labels present. */
function matrixRows(cells: readonly LabelAgreementCell[]): MatrixRow[] {
  return OUTCOME_LABELS.flatMap((label) => {
    const row = cells.filter((cell) => cell.answerscope_label === label);
    return row.length
      ? [
          {
            label,
            cells: new Map(row.map((cell) => [cell.external_label, cell])),
            total: row.reduce((sum, cell) => sum + cell.count, 0),
          },
        ]
      : [];
  });
}

/** The counts of Answerscope label × external label; each count links to the responses behind it. */
export function AgreementMatrix({ view, data }: { view: ResolvedView; data: LabelAgreementResult }) {
  const externalLabels = data.by_external_label.map((row) => row.external_label);
  return (
    <DataTable<MatrixRow>
      name="agreement-matrix"
      rows={matrixRows(data.cells)}
      rowKey={(row) => row.label}
      columns={[
        { header: "Answerscope label", cell: (row) => <LabelBadge label={row.label} />, csv: (row) => row.label },
        ...externalLabels.map((external) => ({
          header: external,
          align: "right" as const,
          cell: (row: MatrixRow) => {
            const cell = row.cells.get(external);
            if (!cell) return <span className="muted">0</span>;
            const verdict = VERDICTS[verdictOf(cell.agrees)];
            return (
              <Link
                href={`${viewHref(view.pathname, { ...view.state, cellLabel: row.label, cellExternal: external })}#agreement-samples`}
                data-role="matrix-cell"
                data-cell={`${row.label}|${external}`}
                data-verdict={verdictOf(cell.agrees)}
                title={`${formatCount(cell.count)} responses labelled ${row.label} by Answerscope and ${external} by ${AGREEMENT_SOURCE}: ${verdict.title}`}
              >
                {formatCount(cell.count)} <span aria-hidden="true">{verdict.mark}</span>
              </Link>
            );
          },
          csv: (row: MatrixRow) => row.cells.get(external)?.count ?? 0,
        })),
        { header: "Total", align: "right", cell: (row) => formatCount(row.total), csv: (row) => row.total },
      ]}
    />
  );
}
