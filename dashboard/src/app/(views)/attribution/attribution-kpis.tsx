import type { ReactNode } from "react";
import { FigureKpi } from "@/components/figures/figure-kpi";
import { KpiGrid } from "@/components/figures/kpi";
import type { AttributionResult } from "@/lib/api-types";
import { formatCount, formatMean, formatRate } from "@/lib/format";
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

type HeadlineMetric =
  | "recover_after_negative_rate"
  | "tokens_per_positive_answer"
  | "abandonment_rate"
  | "down_rating_severity"
  | "repeated_down_rate";

/** The answer's single figures, each with how its value reads and the counts that go with it. */
const HEADLINES: {
  [M in HeadlineMetric]: {
    format: (value: number | null) => string;
    counts: (figure: AttributionResult[M]) => ReactNode;
  };
} = {
  recover_after_negative_rate: {
    format: formatRate,
    counts: (figure) => (
      <>
        <Count name="negatives" value={figure.negatives} text="negative answers" />
        <Count name="no_next_answer" value={figure.no_next_answer} text="with no next answer" />
        <Count name="pending" value={figure.pending} text="pending" />
      </>
    ),
  },
  tokens_per_positive_answer: {
    format: formatCount,
    counts: (figure) => (
      <>
        <Count name="answers" value={figure.answers} text="answers" />
        <Count name="pending" value={figure.pending} text="pending (tokens left out)" />
      </>
    ),
  },
  abandonment_rate: {
    format: formatRate,
    counts: (figure) => (
      <>
        <Count name="answers" value={figure.answers} text="bad or neutral answers" />
        <Count name="pending" value={figure.pending} text="pending" />
      </>
    ),
  },
  down_rating_severity: {
    format: formatMean,
    counts: (figure) => <Count name="rated_down" value={figure.rated_down} text="rated down" />,
  },
  repeated_down_rate: { format: formatRate, counts: () => null },
};

function Headline<M extends HeadlineMetric>({ metric, figure }: { metric: M; figure: AttributionResult[M] }) {
  const { format, counts } = HEADLINES[metric];
  return (
    <FigureKpi
      id={metric}
      metric={metric}
      value={format(figure.value)}
      n={figure.denominator}
      status={figure.status}
      details={counts(figure)}
    />
  );
}

/** The headline figures of the range, each with its status and counts; with the notice when labels cover none of it. */
export async function AttributionKpis({ view }: { view: ResolvedView }) {
  return (
    <AttributionResultView view={view}>
      {(data) => (
        <>
          <LabelsUnavailable labels={data.labels} />
          <KpiGrid>
            {(Object.keys(HEADLINES) as HeadlineMetric[]).map((metric) => (
              <Headline key={metric} metric={metric} figure={data[metric]} />
            ))}
          </KpiGrid>
        </>
      )}
    </AttributionResultView>
  );
}
