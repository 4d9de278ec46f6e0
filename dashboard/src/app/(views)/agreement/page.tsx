import type { Metadata } from "next";
import { Suspense } from "react";
import { Panel } from "@/components/layout/panel";
import { ViewHeader } from "@/components/layout/view-header";
import { LoadingState } from "@/components/states/loading-state";
import { LabelFreshnessBanner } from "@/components/states/label-freshness-banner";
import { resolveView } from "@/lib/resolve-view";
import { VIEWS } from "@/lib/routes";
import { serializeViewState } from "@/lib/url-state";
import { AgreementFigures } from "./agreement-figures";
import { CellSamples } from "./cell-samples";

export const metadata: Metadata = { title: "Label agreement · Answerscope" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AgreementPage({ searchParams }: PageProps) {
  const view = await resolveView(VIEWS.agreement.path, await searchParams);
  // Opening a cell's samples does not change the figures: they keep their key (and their answer).
  const figuresKey = serializeViewState({ ...view.state, cellLabel: null, cellExternal: null }).toString();
  const { cellLabel, cellExternal } = view.state;
  return (
    <>
      <ViewHeader
        view={view}
        title="Label agreement"
        description="vikingbot's own outcome labels (imported from its sessions) beside Answerscope's for the same responses. The two rules differ on purpose: a disagreement is a place to look, not an error of either."
      />
      <Suspense key={`labels:${view.state.tenant}`} fallback={null}>
        <LabelFreshnessBanner credentials={view.credentials} />
      </Suspense>
      <Suspense
        key={`agreement:${figuresKey}`}
        fallback={
          <Panel title="Answerscope label × vikingbot label">
            <LoadingState what="label agreement" />
          </Panel>
        }
      >
        <AgreementFigures view={view} />
      </Suspense>
      {cellLabel && cellExternal ? (
        <Suspense
          key={`cell:${view.key}`}
          fallback={
            <Panel title="Responses of the cell">
              <LoadingState what="the cell's responses" />
            </Panel>
          }
        >
          <CellSamples view={view} label={cellLabel} external={cellExternal} />
        </Suspense>
      ) : null}
    </>
  );
}
