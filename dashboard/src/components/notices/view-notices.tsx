import { Suspense } from "react";
import type { ResolvedView } from "@/lib/resolve-view";
import { VIEWS } from "@/lib/routes";
import { UnknownValuesNotice } from "./unknown-values-notice";
import { UrlNotice } from "./url-notice";

/**
 * What the link asked for that the view shows otherwise (at once), and, on a view that filters by
 * them, its filter values that match nothing (when the API has said). The response detail only
 * carries the filters back to its view: it is not asked about them.
 */
export function ViewNotices({ view }: { view: ResolvedView }) {
  const filters = Object.values(VIEWS).some((declared) => declared.path === view.pathname);
  return (
    <>
      {view.notices.length ? <UrlNotice notices={view.notices} href={view.here} /> : null}
      {filters ? (
        <Suspense key={`values:${view.key}`} fallback={null}>
          <UnknownValuesNotice view={view} />
        </Suspense>
      ) : null}
    </>
  );
}
