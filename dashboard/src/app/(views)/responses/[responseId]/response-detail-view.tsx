import { LangfuseWritebackBanner } from "@/components/states/langfuse-writeback-banner";
import { ResultView } from "@/components/states/result-view";
import { getResponse } from "@/lib/api-client";
import type { ResolvedView } from "@/lib/resolve-view";
import { FeedbackEvents } from "./feedback-events";
import { LangfuseScoresPanel } from "./langfuse-scores-panel";
import { OutcomePanel } from "./outcome-panel";
import { ResponseFactsPanel } from "./response-facts-panel";
import { ToolCallsPanel } from "./tool-calls-panel";
import { TraceLink } from "./trace-link";

export async function ResponseDetailView({ view, responseId }: { view: ResolvedView; responseId: string }) {
  const result = await getResponse(view.credentials, responseId);
  return (
    <ResultView result={result} loginHref={view.relogin}>
      {(detail) => (
        <>
          <TraceLink response={detail.response} />
          <div className="grid-2">
            <ResponseFactsPanel response={detail.response} />
            <OutcomePanel detail={detail} state={view.state} />
          </div>
          <ToolCallsPanel detail={detail} />
          <FeedbackEvents detail={detail} />
          <LangfuseWritebackBanner credentials={view.credentials} />
          <LangfuseScoresPanel detail={detail} />
        </>
      )}
    </ResultView>
  );
}
