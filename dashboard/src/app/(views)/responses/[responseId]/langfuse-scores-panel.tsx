import { Panel } from "@/components/layout/panel";
import { EmptyState } from "@/components/states/empty-state";
import { DataTable } from "@/components/table/data-table";
import type { ResponseDetail } from "@/lib/api-types";
import { formatTimestamp } from "@/lib/format";

type WrittenScore = ResponseDetail["langfuse_scores"][number];

/** The scores Answerscope wrote to the response's Langfuse trace, as last written (one per name). */
export function LangfuseScoresPanel({ detail }: { detail: ResponseDetail }) {
  return (
    <Panel
      title="Scores in Langfuse"
      subtitle="written to the trace by the Langfuse write-back; a re-evaluation updates the same score id"
      id="response-langfuse-scores"
      wide
    >
      {detail.langfuse_scores.length === 0 ? (
        <EmptyState>
          No scores written: the response has no trace, its tenant has no Langfuse project configured, or its verdict is
          not written yet.
        </EmptyState>
      ) : (
        <DataTable<WrittenScore>
          name="response-langfuse-scores"
          rows={detail.langfuse_scores}
          rowKey={(row) => row.score_id}
          columns={[
            { header: "Score", cell: (row) => <span className="mono">{row.name}</span>, csv: (row) => row.name },
            {
              header: "Value",
              align: "right",
              cell: (row) => <strong data-role="score-value">{row.string_value ?? String(row.value)}</strong>,
              csv: (row) => row.string_value ?? String(row.value),
            },
            { header: "Type", cell: (row) => row.data_type, csv: (row) => row.data_type },
            { header: "Written (UTC)", cell: (row) => formatTimestamp(row.written_at), csv: (row) => row.written_at },
            {
              header: "Score id",
              cell: (row) => <span className="mono">{row.score_id}</span>,
              csv: (row) => row.score_id,
            },
          ]}
        />
      )}
    </Panel>
  );
}
