import type { Metadata } from "next";
import { Suspense } from "react";
import { Panel } from "@/components/layout/panel";
import { ViewHeader } from "@/components/layout/view-header";
import { LoadingState } from "@/components/states/loading-state";
import { LabelFreshnessBanner } from "@/components/states/label-freshness-banner";
import { DIMENSION_LABELS } from "@/lib/dimensions";
import { RATES } from "@/lib/metrics-catalog";
import { resolveView } from "@/lib/resolve-view";
import { VIEWS } from "@/lib/routes";
import { CompareControls } from "./compare-controls";
import { CompareResultView } from "./compare-result-view";
import { CompareSuggestions } from "./compare-suggestions";

export const metadata: Metadata = { title: "Compare · Answerscope" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Defaults when the link names none: the question teams ask most, "did the new prompt help?". */
const DEFAULT_METRIC = "good_answer_rate" as const;
const DEFAULT_DIMENSION = "prompt_version" as const;

export default async function ComparePage({ searchParams }: PageProps) {
  const view = await resolveView(VIEWS.compare.path, await searchParams);
  const metric = view.state.metric ?? DEFAULT_METRIC;
  const dimension = view.state.dimension ?? DEFAULT_DIMENSION;
  const { a, b } = view.state;
  // The values present in the range: shown before two are chosen, and when the two chosen cannot be compared.
  const suggestions = <CompareSuggestions view={view} metric={metric} dimension={dimension} />;
  return (
    <>
      <ViewHeader
        view={view}
        title="Compare"
        description="Did a change help? One rate for two values of a dimension, with 95 % Wilson intervals and a two-proportion z-test."
      />
      <Suspense key={`labels:${view.state.tenant}`} fallback={null}>
        <LabelFreshnessBanner credentials={view.credentials} />
      </Suspense>
      <Panel
        title={`${RATES[metric].label}: ${DIMENSION_LABELS[dimension].toLowerCase()} ${a ?? "A"} vs ${b ?? "B"}`}
        subtitle="other filters apply to both sides; a side with fewer than 30 in the denominator is insufficient data"
        id="compare"
        wide
      >
        <CompareControls metric={metric} dimension={dimension} from={view.range.from} to={view.range.to} />
        {a && b && a !== b ? (
          <Suspense key={`compare:${view.key}`} fallback={<LoadingState what="the comparison" height={260} />}>
            <CompareResultView view={view} metric={metric} dimension={dimension} a={a} b={b}>
              {suggestions}
            </CompareResultView>
          </Suspense>
        ) : (
          <>
            {a && a === b ? (
              <div className="verdict verdict-insufficient" role="status" data-verdict="same_value">
                A and B are both “{a}”: a value compared with itself shows no change. Choose two different values.
              </div>
            ) : null}
            <Suspense key={`suggest:${view.key}`} fallback={<LoadingState what="the values of the dimension" />}>
              {suggestions}
            </Suspense>
          </>
        )}
      </Panel>
    </>
  );
}
