import type { Metadata } from "next";
import { Suspense } from "react";
import { Panel } from "@/components/layout/panel";
import { ViewHeader } from "@/components/layout/view-header";
import { LoadingState } from "@/components/states/loading-state";
import { resolveView } from "@/lib/resolve-view";
import { VIEWS } from "@/lib/routes";
import { DiagnosticKpis } from "./diagnostic-kpis";
import { DiagnosticSlices } from "./diagnostic-slices";
import { DiagnosticTrends } from "./diagnostic-trends";
import { ToolFigures } from "./tool-figures";

export const metadata: Metadata = { title: "Diagnostics · Answerscope" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function DiagnosticsPage({ searchParams }: PageProps) {
  const view = await resolveView(VIEWS.diagnostics.path, await searchParams);
  return (
    <>
      <ViewHeader
        view={view}
        title="Diagnostics"
        description="Is the system producing answers? Volume, latency, failures, iterations, tools and tokens."
      />
      <Suspense key={`kpis:${view.key}`} fallback={<LoadingState what="system figures" />}>
        <DiagnosticKpis view={view} />
      </Suspense>
      <div className="grid-2">
        <Suspense
          key={`trends:${view.key}`}
          fallback={
            <Panel title="Latency over time">
              <LoadingState what="latency over time" height={280} />
            </Panel>
          }
        >
          <DiagnosticTrends view={view} />
        </Suspense>
      </div>
      <Suspense
        key={`tools:${view.key}`}
        fallback={
          <Panel title="Tools">
            <LoadingState what="tool figures" />
          </Panel>
        }
      >
        <ToolFigures view={view} />
      </Suspense>
      <Suspense
        key={`slices:${view.key}`}
        fallback={
          <Panel title="By provider">
            <LoadingState what="figures by dimension" />
          </Panel>
        }
      >
        <DiagnosticSlices view={view} />
      </Suspense>
    </>
  );
}
