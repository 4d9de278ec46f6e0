import type { ReactNode } from "react";
import { ResultView } from "@/components/states/result-view";
import { getAttribution } from "@/lib/api-client";
import type { AttributionResult } from "@/lib/api-types";
import type { ResolvedView } from "@/lib/resolve-view";

/**
 * The attribution answer for the view's range and filters, in its three endings: the API's failure,
 * no answer in the range (said as such, not as figures of 0), or the figures. Every panel of the
 * view asks the same question; the API client sends it once per render.
 */
export async function AttributionResultView({
  view,
  children,
}: {
  view: ResolvedView;
  children: (data: AttributionResult) => ReactNode;
}) {
  const result = await getAttribution(view.credentials, { range: view.range, filters: view.state.filters });
  return (
    <ResultView
      result={result}
      loginHref={view.relogin}
      isEmpty={(data) => data.tokens_per_positive_answer.answers === 0}
      empty="No answers in this range for these filters."
    >
      {children}
    </ResultView>
  );
}
