import type { ResolvedView } from "@/lib/resolve-view";
import { viewHref, type ViewState } from "@/lib/url-state";

/** The samples panel's id: the anchor of every link that changes which samples are listed. */
export const SAMPLES_ID = "feedback-samples";

/**
 * A link to this view listing other samples, ending in the samples' anchor: the page opens at the
 * samples and moves focus there (FocusOnArrival), instead of at its top ~2,000 px above them.
 */
export const samplesHref = (view: ResolvedView, change: Partial<ViewState>): string =>
  `${viewHref(view.pathname, { ...view.state, cursor: null, ...change })}#${SAMPLES_ID}`;
