import { Panel } from "@/components/layout/panel";
import { ResultView } from "@/components/states/result-view";
import { DataTable } from "@/components/table/data-table";
import { getFeedbackTargets } from "@/lib/api-client";
import type { FeedbackTargetsResult } from "@/lib/api-types";
import { formatCount } from "@/lib/format";
import type { ResolvedView } from "@/lib/resolve-view";

type TargetRow = FeedbackTargetsResult["rows"][number];

/**
 * Ratings of every target type (answers, citations, diagnostic steps and reports) by verification:
 * only verified chat_message ratings make the rates above; the rest is shown here, not hidden.
 */
export async function RatingTargets({ view }: { view: ResolvedView }) {
  const result = await getFeedbackTargets(view.credentials, { range: view.range, filters: view.state.filters });
  return (
    <Panel
      title="Ratings by target and verification"
      subtitle="current ratings whose latest action is in range; unverified: target not (yet) found; forbidden: rated by someone other than its owner"
      id="feedback-targets"
    >
      <ResultView
        result={result}
        loginHref={view.relogin}
        isEmpty={(data) => data.rows.length === 0 && data.revisions === 0 && data.conflicts === 0}
        empty="No ratings in this range for these filters."
      >
        {(data) => (
          <>
            <DataTable<TargetRow>
              name="feedback-targets"
              rows={data.rows}
              rowKey={(row) => `${row.target_type}-${row.rating}-${row.verification}`}
              columns={[
                { header: "Target", cell: (row) => row.target_type, csv: (row) => row.target_type },
                { header: "Rating", cell: (row) => row.rating, csv: (row) => row.rating },
                {
                  header: "Verification",
                  cell: (row) => (
                    <span
                      className={
                        row.verification === "verified"
                          ? "badge badge-ok"
                          : row.verification === "forbidden"
                            ? "badge badge-error"
                            : "badge badge-warn"
                      }
                    >
                      {row.verification}
                    </span>
                  ),
                  csv: (row) => row.verification,
                },
                { header: "Ratings", align: "right", cell: (row) => formatCount(row.count), csv: (row) => row.count },
              ]}
            />
            <p className="muted">
              {formatCount(data.revisions)} revisions, {formatCount(data.retries)} client retries and{" "}
              {formatCount(data.conflicts)} conflicting actions (same client_feedback_id, other content) in range.
            </p>
          </>
        )}
      </ResultView>
    </Panel>
  );
}
