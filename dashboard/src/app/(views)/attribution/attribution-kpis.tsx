import { FigureKpi } from "@/components/figures/figure-kpi";
import { KpiGrid } from "@/components/figures/kpi";
import type { AttributionResult } from "@/lib/api-types";
import { formatCount, formatRate } from "@/lib/format";
import type { ResolvedView } from "@/lib/resolve-view";
import { AttributionResultView } from "./attribution-result-view";

/** Unknown, not few: no outcome label covers the range (the API says why), as the compare view says it. */
function LabelsUnavailable({ labels }: { labels: AttributionResult["labels"] }) {
  if (!labels.figures_unavailable) return null;
  return (
    <div className="verdict verdict-insufficient" role="status" data-state="labels-unavailable">
      Not computed: {labels.figures_unavailable}.
    </div>
  );
}

/** A count beside a headline figure, named for the tests (`data-count`). */
const Count = ({ name, value, text }: { name: string; value: number | null; text: string }) => (
  <span>
    <span data-count={name}>{formatCount(value)}</span> {text}
  </span>
);

/** The headline figures: recovery after a negative answer and tokens per positive answer, each with its status. */
export async function AttributionKpis({ view }: { view: ResolvedView }) {
  return (
    <AttributionResultView view={view}>
      {(data) => {
        const recovery = data.recover_after_negative_rate;
        const tokens = data.tokens_per_positive_answer;
        return (
          <>
            <LabelsUnavailable labels={data.labels} />
            <KpiGrid>
              <FigureKpi
                id="recover_after_negative_rate"
                metric="recover_after_negative_rate"
                value={formatRate(recovery.value)}
                n={recovery.denominator}
                status={recovery.status}
                details={
                  <>
                    <Count name="negatives" value={recovery.negatives} text="negative answers" />
                    <Count name="no_next_answer" value={recovery.no_next_answer} text="with no next answer" />
                    <Count name="pending" value={recovery.pending} text="pending" />
                  </>
                }
              />
              <FigureKpi
                id="tokens_per_positive_answer"
                metric="tokens_per_positive_answer"
                value={formatCount(tokens.value)}
                n={tokens.denominator}
                status={tokens.status}
                details={
                  <>
                    <Count name="answers" value={tokens.answers} text="answers" />
                    <Count name="pending" value={tokens.pending} text="pending (tokens left out)" />
                  </>
                }
              />
            </KpiGrid>
          </>
        );
      }}
    </AttributionResultView>
  );
}
