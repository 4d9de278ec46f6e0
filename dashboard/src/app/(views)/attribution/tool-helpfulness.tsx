import { FigureCell } from "@/components/figures/figure-cell";
import { Panel } from "@/components/layout/panel";
import { EmptyState } from "@/components/states/empty-state";
import { DataTable, type Column } from "@/components/table/data-table";
import type { AttributionResult } from "@/lib/api-types";
import { attributionLabel, minSampleOf } from "@/lib/attribution-catalog";
import { fractionHeader } from "@/lib/csv";
import { formatInterval, formatPointDifference } from "@/lib/format";
import type { ResolvedView } from "@/lib/resolve-view";
import { AttributionResultView } from "./attribution-result-view";

type ToolRow = AttributionResult["tool_helpfulness_rate_by_name"][number];
const METRIC = "tool_helpfulness_rate_by_name";

/**
 * The rows a reader looks at first: those with a difference, most helpful first (down to the most
 * harmful), then those with too few answers on a side, the most used first.
 */
function orderToolRows(rows: readonly ToolRow[]): ToolRow[] {
  return [...rows].sort(
    (a, b) =>
      Number(a.difference === null) - Number(b.difference === null) ||
      (b.difference ?? 0) - (a.difference ?? 0) ||
      (b.used.denominator ?? 0) - (a.used.denominator ?? 0) ||
      a.tool_name.localeCompare(b.tool_name) ||
      a.query_category.localeCompare(b.query_category),
  );
}

/** One side of the comparison: its rate (with sample size and status) and its Wilson interval. */
function sideColumns(side: "used" | "not_used", header: string): Column<ToolRow>[] {
  return [
    {
      header,
      align: "right",
      cell: (row) => <FigureCell metric={METRIC} figure={row[side]} />,
      csv: (row) => row[side].value,
      csvHeader: fractionHeader(header),
      csvExtra: [
        { header: `${header} n`, csv: (row) => row[side].denominator },
        { header: `${header} status`, csv: (row) => row[side].status },
      ],
    },
    {
      header: `95% interval (${side === "used" ? "with" : "without"})`,
      align: "right",
      cell: (row) => formatInterval(row[side].ci_low, row[side].ci_high),
      csv: (row) => row[side].ci_low,
      csvHeader: fractionHeader(`95% interval ${side === "used" ? "with" : "without"} low`),
      csvExtra: [
        {
          header: fractionHeader(`95% interval ${side === "used" ? "with" : "without"} high`),
          csv: (row) => row[side].ci_high,
        },
      ],
    },
  ];
}

const COLUMNS: Column<ToolRow>[] = [
  { header: "Tool", cell: (row) => row.tool_name, csv: (row) => row.tool_name },
  { header: "Query category", cell: (row) => row.query_category, csv: (row) => row.query_category },
  ...sideColumns("used", "With the tool"),
  ...sideColumns("not_used", "Without the tool"),
  {
    header: "Difference",
    align: "right",
    cell: (row) =>
      row.difference === null ? (
        <span className="muted" title="computed only when both sides reach the minimum sample">
          not computed
        </span>
      ) : (
        formatPointDifference(row.difference)
      ),
    csv: (row) => row.difference,
  },
];

/** Per tool and query category: the good-answer rate of the answers that used the tool vs those that did not. */
export async function ToolHelpfulness({ view }: { view: ResolvedView }) {
  return (
    <Panel
      title={attributionLabel(METRIC)}
      subtitle={`good-answer rate of the category's answers with the tool vs without it, each with its Wilson 95 % interval; marked below ${minSampleOf(METRIC)} answers, the difference only when both sides reach it`}
      id="tool-helpfulness"
      wide
    >
      <AttributionResultView view={view}>
        {(data) =>
          data.tool_helpfulness_rate_by_name.length === 0 ? (
            <EmptyState>No answer in this range used a tool, for these filters.</EmptyState>
          ) : (
            <DataTable
              name="tool-helpfulness"
              columns={COLUMNS}
              rows={orderToolRows(data.tool_helpfulness_rate_by_name)}
              rowKey={(row) => `${row.tool_name}\u0000${row.query_category}`}
            />
          )
        }
      </AttributionResultView>
    </Panel>
  );
}
