import type { Metadata } from "next";
import { Suspense } from "react";
import { Panel } from "@/components/layout/panel";
import { ViewHeader } from "@/components/layout/view-header";
import { LabelFreshnessBanner } from "@/components/states/label-freshness-banner";
import { LoadingState } from "@/components/states/loading-state";
import { attributionLabel } from "@/lib/attribution-catalog";
import { resolveView } from "@/lib/resolve-view";
import { VIEWS } from "@/lib/routes";
import { AttributionDefinitions } from "./definitions";
import { AttributionKpis } from "./attribution-kpis";
import { LatencyFeedback } from "./latency-feedback";
import { ToolHelpfulness } from "./tool-helpfulness";

export const metadata: Metadata = { title: "Attribution · Answerscope" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AttributionPage({ searchParams }: PageProps) {
  const view = await resolveView(VIEWS.attribution.path, await searchParams);
  return (
    <>
      <ViewHeader
        view={view}
        title="Attribution"
        description="What goes with a good outcome? Recovery after a negative answer, the tokens a positive answer costs, each tool's effect within its query category, and latency against feedback."
      />
      <Suspense key={`labels:${view.state.tenant}`} fallback={null}>
        <LabelFreshnessBanner credentials={view.credentials} />
      </Suspense>
      <Suspense key={`kpis:${view.key}`} fallback={<LoadingState what="headline figures" />}>
        <AttributionKpis view={view} />
      </Suspense>
      <Suspense
        key={`tools:${view.key}`}
        fallback={
          <Panel title={attributionLabel("tool_helpfulness_rate_by_name")}>
            <LoadingState what="tool helpfulness" />
          </Panel>
        }
      >
        <ToolHelpfulness view={view} />
      </Suspense>
      <Suspense
        key={`latency:${view.key}`}
        fallback={
          <Panel title={attributionLabel("latency_vs_feedback_correlation")}>
            <LoadingState what="latency vs feedback" height={280} />
          </Panel>
        }
      >
        <LatencyFeedback view={view} />
      </Suspense>
      <AttributionDefinitions />
    </>
  );
}
