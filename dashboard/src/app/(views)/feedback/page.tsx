import type { Metadata } from "next";
import { Suspense } from "react";
import { Panel } from "@/components/layout/panel";
import { ViewHeader } from "@/components/layout/view-header";
import { LoadingState } from "@/components/states/loading-state";
import { LabelFreshnessBanner } from "@/components/states/label-freshness-banner";
import { resolveView } from "@/lib/resolve-view";
import { VIEWS } from "@/lib/routes";
import { DEFAULT_SAMPLE_KIND, serializeViewState } from "@/lib/url-state";
import { CategoryRanking } from "./category-ranking";
import { DownRatedSamples } from "./down-rated-samples";
import { FeedbackKpis } from "./feedback-kpis";
import { RatingTargets } from "./rating-targets";
import { ReasonFigures } from "./reason-figures";
import { SAMPLES_ID } from "./samples-link";

export const metadata: Metadata = { title: "Negative feedback · Answerscope" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function FeedbackPage({ searchParams }: PageProps) {
  const view = await resolveView(VIEWS.feedback.path, await searchParams);
  // Choosing or paging the samples does not change the figures above them: those keep their key (and their answer).
  const figuresKey = serializeViewState({
    ...view.state,
    samples: DEFAULT_SAMPLE_KIND,
    reason: null,
    cursor: null,
  }).toString();
  return (
    <>
      <ViewHeader
        view={view}
        title="Negative feedback"
        description="Why answers are rated down: reasons, tool chains, categories, and the samples themselves."
      />
      <Suspense key={`labels:${view.state.tenant}`} fallback={null}>
        <LabelFreshnessBanner credentials={view.credentials} />
      </Suspense>
      <Suspense key={`kpis:${figuresKey}`} fallback={<LoadingState what="feedback figures" />}>
        <FeedbackKpis view={view} />
      </Suspense>
      <div className="grid-2">
        <Suspense
          key={`reasons:${figuresKey}`}
          fallback={
            <Panel title="Reasons">
              <LoadingState what="reasons" />
            </Panel>
          }
        >
          <ReasonFigures view={view} />
        </Suspense>
        <Suspense
          key={`categories:${figuresKey}`}
          fallback={
            <Panel title="Categories by thumbs-down rate">
              <LoadingState what="categories" />
            </Panel>
          }
        >
          <CategoryRanking view={view} />
        </Suspense>
        <Suspense
          key={`targets:${figuresKey}`}
          fallback={
            <Panel title="Ratings by target and verification">
              <LoadingState what="ratings by target" />
            </Panel>
          }
        >
          <RatingTargets view={view} />
        </Suspense>
      </div>
      {/* The fallback carries the samples anchor too: a link to it scrolls there while the samples load. */}
      <Suspense
        key={`samples:${view.key}`}
        fallback={
          <Panel title="Samples" id={SAMPLES_ID}>
            <LoadingState what="samples" />
          </Panel>
        }
      >
        <DownRatedSamples view={view} />
      </Suspense>
    </>
  );
}
