import Link from "next/link";
import { LabelBadge } from "@/components/figures/label-badge";
import { Panel } from "@/components/layout/panel";
import type { ResponseDetail } from "@/lib/api-types";
import { formatTimestamp } from "@/lib/format";
import { describeLabelRule } from "@/lib/label-rules";
import { responsePath } from "@/lib/routes";
import { viewHref, type ViewState } from "@/lib/url-state";

/** The outcome label, the rule that produced it, the explicit rating and the follow-up turn. */
export function OutcomePanel({ detail, state }: { detail: ResponseDetail; state: ViewState }) {
  const { outcome, followup } = detail;
  return (
    <Panel title="Outcome" id="response-outcome">
      {outcome ? (
        <>
          <p data-role="outcome">
            <LabelBadge label={outcome.label} reason={outcome.label_reason} />{" "}
            <span className="mono" data-role="label-reason">
              {outcome.label_reason}
            </span>
          </p>
          <p>{describeLabelRule(outcome.label_reason)}</p>
          <p className="muted">
            Evaluated {formatTimestamp(outcome.evaluated_at)}; observation window{" "}
            {outcome.window_closed ? "closed" : "still open"};{" "}
            {outcome.has_failed_tool ? "a tool call failed" : "no tool call failed"}.
          </p>
        </>
      ) : (
        <p data-role="outcome">
          <LabelBadge label="pending" /> Not evaluated yet: the outcome evaluator has not labeled this response.
        </p>
      )}
      <p>
        Explicit rating: <strong data-role="explicit-rating">{detail.explicit_rating ?? "none"}</strong>
      </p>
      <h3>Follow-up</h3>
      {followup ? (
        <p data-role="followup">
          <Link href={viewHref(responsePath(followup.response_id), state)} className="mono">
            {followup.response_id}
          </Link>{" "}
          {followup.is_reask ? (
            <span className="badge badge-error">re-ask</span>
          ) : (
            <span className="badge badge-neutral">not a re-ask</span>
          )}
        </p>
      ) : (
        <p className="muted" data-role="followup">
          No follow-up within 10 minutes{outcome?.window_closed ? "." : " so far (the window may still be open)."}
        </p>
      )}
    </Panel>
  );
}
