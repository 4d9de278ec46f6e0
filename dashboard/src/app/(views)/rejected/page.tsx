import type { Metadata } from "next";
import { Suspense } from "react";
import { Panel } from "@/components/layout/panel";
import { ViewHeader } from "@/components/layout/view-header";
import { LoadingState } from "@/components/states/loading-state";
import { resolveView } from "@/lib/resolve-view";
import { VIEWS } from "@/lib/routes";
import { RejectedFigures } from "./rejected-figures";

export const metadata: Metadata = { title: "Rejected events · Answerscope" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function RejectedPage({ searchParams }: PageProps) {
  const view = await resolveView(VIEWS.rejected.path, await searchParams);
  return (
    <>
      <ViewHeader
        view={view}
        title="Rejected events"
        description="Events the pipeline refused (the dead-letter queue), by reason, with the start of each payload, so the producing team can fix them. Time is when the event was received."
        showDimensions={false}
      />
      <Suspense
        key={`rejected:${view.key}`}
        fallback={
          <Panel title="Rejected events by reason">
            <LoadingState what="rejected events" />
          </Panel>
        }
      >
        <RejectedFigures view={view} />
      </Suspense>
    </>
  );
}
