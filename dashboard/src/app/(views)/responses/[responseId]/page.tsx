import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { ViewHeader } from "@/components/layout/view-header";
import { LoadingState } from "@/components/states/loading-state";
import { resolveView } from "@/lib/resolve-view";
import { responsePath, VIEWS } from "@/lib/routes";
import { viewHref } from "@/lib/url-state";
import { SAMPLES_ID } from "../../feedback/samples-link";
import { ResponseDetailView } from "./response-detail-view";

export const metadata: Metadata = { title: "Response · Answerscope" };

type PageProps = {
  params: Promise<{ responseId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function ResponsePage({ params, searchParams }: PageProps) {
  const { responseId } = await params;
  const id = decodeURIComponent(responseId);
  const view = await resolveView(responsePath(id), await searchParams);
  return (
    <>
      <p>
        {/* Back at the samples it was opened from, focused there (feedback/focus-on-arrival.tsx). */}
        <Link href={`${viewHref(VIEWS.feedback.path, view.state)}#${SAMPLES_ID}`} data-role="back">
          ← Back to negative feedback
        </Link>
      </p>
      <ViewHeader
        view={view}
        title={`Response ${id}`}
        description="Everything known about one answer: facts, tool calls, feedback, outcome, follow-up and trace."
        showFilters={false}
      />
      <Suspense key={`detail:${id}:${view.state.tenant}`} fallback={<LoadingState what="the response" height={300} />}>
        <ResponseDetailView view={view} responseId={id} />
      </Suspense>
    </>
  );
}
