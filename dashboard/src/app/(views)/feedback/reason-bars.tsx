import Link from "next/link";
import type { FeedbackReasonsResult } from "@/lib/api-types";
import { formatCount, formatRate } from "@/lib/format";
import { isReasonFilter, reasonFilterOf, reasonLabel } from "@/lib/reason-codes";
import type { ResolvedView } from "@/lib/resolve-view";
import { samplesHref } from "./samples-link";

/**
 * The reasons of the down ratings as bars that are links: each, "no reason given" included, lists
 * its down-rated samples. Plain HTML rather than a chart, so every bar is reachable by Tab and named
 * by its reason, count and share, and the figures are text a screen reader reads.
 */
export function ReasonBars({ view, data }: { view: ResolvedView; data: FeedbackReasonsResult }) {
  const largest = Math.max(...data.reasons.map((row) => row.count));
  const selected = isReasonFilter(view.state.reason) && view.state.samples === "down" ? view.state.reason : null;
  return (
    <ul className="reason-bars" aria-label="Down-rated responses per reason; each lists its samples">
      {data.reasons.map((row) => {
        const reason = reasonFilterOf(row.reason_code);
        return (
          <li key={reason}>
            <Link
              href={samplesHref(view, { samples: "down", reason })}
              className="reason-bar"
              data-reason={reason}
              aria-current={reason === selected ? "true" : undefined}
            >
              <span className="reason-bar-label">{reasonLabel(row.reason_code)}</span>
              <span className="reason-bar-track" aria-hidden="true">
                <span className="reason-bar-fill" style={{ width: `${(row.count / largest) * 100}%` }} />
              </span>
              <span className="reason-bar-value">
                {formatCount(row.count)} <span className="muted">({formatRate(row.count / data.down_rated)})</span>
              </span>
              <span className="reason-bar-action"> down-rated: show samples</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
