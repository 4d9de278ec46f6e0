import { Suspense, type ReactNode } from "react";
import { logOut } from "@/app/session-actions";
import { FilterBar } from "@/components/filters/filter-bar";
import { ViewNotices } from "@/components/notices/view-notices";
import type { ResolvedView } from "@/lib/resolve-view";

/** A view's title, who is reading, the filter bar, and what of the link the view shows otherwise. */
export function ViewHeader({
  view,
  title,
  description,
  showDimensions = true,
  showFilters = true,
}: {
  view: ResolvedView;
  title: string;
  description: ReactNode;
  showDimensions?: boolean;
  showFilters?: boolean;
}) {
  return (
    <div className="view-header">
      <div className="view-title">
        <div>
          <h1>{title}</h1>
          <p className="muted">{description}</p>
        </div>
        <form action={logOut} className="session">
          <span>
            tenant <strong data-role="tenant">{view.state.tenant}</strong>
          </span>
          <input type="hidden" name="tenant" value={view.state.tenant} />
          {/* Logging out keeps this view and its range on a remaining tenant (session-actions.ts). */}
          <input type="hidden" name="next" value={view.here} />
          <button type="submit" className="button-link">
            Log out
          </button>
        </form>
      </div>
      {showFilters ? (
        <Suspense fallback={<div className="filter-bar" />}>
          <FilterBar tenants={view.tenants} from={view.range.from} to={view.range.to} showDimensions={showDimensions} />
        </Suspense>
      ) : null}
      <ViewNotices view={view} />
    </div>
  );
}
