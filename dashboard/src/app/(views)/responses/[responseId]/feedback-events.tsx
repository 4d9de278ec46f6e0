import { Panel } from "@/components/layout/panel";
import { EmptyState } from "@/components/states/empty-state";
import { DataTable } from "@/components/table/data-table";
import type { FeedbackEventDetail, ResponseDetail } from "@/lib/api-types";
import { formatTimestamp } from "@/lib/format";
import { reasonLabel } from "@/lib/reason-codes";

const VERIFICATION_BADGE: Record<NonNullable<FeedbackEventDetail["verification"]>, string> = {
  verified: "badge badge-ok",
  unverified: "badge badge-warn",
  forbidden: "badge badge-error",
};

/** Every feedback event on the answer, oldest first: revisions, retries, conflicts and who may count. */
export function FeedbackEvents({ detail }: { detail: ResponseDetail }) {
  return (
    <Panel
      title="Feedback events"
      subtitle="every event, oldest first; revision 0 is a user's first rating, the latest accepted one decides; only the owner's verified rating counts in rates"
      id="response-feedback"
      wide
    >
      {detail.feedback.length === 0 ? (
        <EmptyState>No feedback on this response.</EmptyState>
      ) : (
        <DataTable<FeedbackEventDetail>
          name="response-feedback"
          rows={detail.feedback}
          rowKey={(row) => row.event_id}
          columns={[
            { header: "Time (UTC)", cell: (row) => formatTimestamp(row.occurred_at), csv: (row) => row.occurred_at },
            { header: "User", cell: (row) => row.user_id, csv: (row) => row.user_id },
            {
              header: "Target",
              cell: (row) => (row.subject_id ? `${row.target_type} ${row.subject_id}` : row.target_type),
              csv: (row) => row.target_type,
              csvExtra: [{ header: "Subject", csv: (row) => row.subject_id }],
            },
            { header: "Rating", cell: (row) => <strong>{row.rating}</strong>, csv: (row) => row.rating },
            {
              header: "Reason",
              cell: (row) =>
                row.reason ? `${row.reason}${row.reason_code ? ` (${reasonLabel(row.reason_code)})` : ""}` : "",
              csv: (row) => row.reason,
              csvExtra: [{ header: "Reason code", csv: (row) => row.reason_code }],
            },
            {
              header: "Comment",
              cell: (row) => <span className="cell-text">{row.comment ?? ""}</span>,
              csv: (row) => row.comment,
            },
            {
              header: "Correction",
              cell: (row) => <span className="cell-text">{row.correction ?? ""}</span>,
              csv: (row) => row.correction,
            },
            { header: "Severity", align: "right", cell: (row) => row.severity ?? "", csv: (row) => row.severity },
            {
              header: "Action",
              cell: (row) =>
                row.action === "accepted" ? "accepted" : <span className="badge badge-warn">{row.action}</span>,
              csv: (row) => row.action,
            },
            {
              header: "Revision",
              align: "right",
              cell: (row) => (
                <span data-role="revision">
                  {row.revision ?? "—"}
                  {row.latest ? (
                    <>
                      {" "}
                      <span className="badge badge-neutral">latest</span>
                    </>
                  ) : null}
                </span>
              ),
              csv: (row) => row.revision,
              csvExtra: [{ header: "Latest", csv: (row) => row.latest }],
            },
            {
              header: "Verification",
              cell: (row) =>
                row.verification ? (
                  <span className={VERIFICATION_BADGE[row.verification]} data-role="verification">
                    {row.verification}
                  </span>
                ) : (
                  <span className="muted">—</span>
                ),
              csv: (row) => row.verification,
            },
          ]}
        />
      )}
    </Panel>
  );
}
