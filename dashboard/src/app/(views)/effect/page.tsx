import type { Metadata } from "next";
import { Suspense } from "react";
import { ViewHeader } from "@/components/layout/view-header";
import { LoadingState } from "@/components/states/loading-state";
import { LabelFreshnessBanner } from "@/components/states/label-freshness-banner";
import { Panel } from "@/components/layout/panel";
import { resolveView } from "@/lib/resolve-view";
import { VIEWS } from "@/lib/routes";
import { EffectKpis } from "./effect-kpis";
import { EffectTrends } from "./effect-trends";
import { EffectSlices } from "./effect-slices";

export const metadata: Metadata = { title: "Effect · Answerscope" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function EffectPage({ searchParams }: PageProps) {
  const view = await resolveView(VIEWS.effect.path, await searchParams);
  return (
    <>
      <ViewHeader
        view={view}
        title="Effect"
        description="Do the answers help? Outcome labels, ratings and re-asks of the responses in the range."
      />
      <Suspense key={`labels:${view.state.tenant}`} fallback={null}>
        <LabelFreshnessBanner credentials={view.credentials} />
      </Suspense>
      <Suspense key={`kpis:${view.key}`} fallback={<LoadingState what="headline rates" />}>
        <EffectKpis view={view} />
      </Suspense>
      <div className="grid-2">
        <Suspense
          key={`trends:${view.key}`}
          fallback={
            <Panel title="Rates over time">
              <LoadingState what="rates over time" height={280} />
            </Panel>
          }
        >
          <EffectTrends view={view} />
        </Suspense>
      </div>
      <Suspense
        key={`slices:${view.key}`}
        fallback={
          <Panel title="By dimension">
            <LoadingState what="rates by dimension" />
          </Panel>
        }
      >
        <EffectSlices view={view} />
      </Suspense>
    </>
  );
}
