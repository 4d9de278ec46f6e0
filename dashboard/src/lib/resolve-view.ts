import "server-only";
import { redirect } from "next/navigation";
import type { ReadCredentials } from "./api-client";
import type { Bucket } from "./dimensions";
import { upgradeLegacyLink } from "./legacy-links";
import { loggedInKeys } from "./session";
import { defaultBucket, resolveRange, type ResolvedRange } from "./time-range";
import { parseViewState, searchParamsOf, serializeViewState, viewHref, type SearchParamsInput, type ViewState } from "./url-state";

/** Everything a page needs to render one view: its state, who reads, and the concrete time range. */
export interface ResolvedView {
  pathname: string;
  state: ViewState & { tenant: string };
  credentials: ReadCredentials;
  tenants: string[];
  range: ResolvedRange;
  bucket: Bucket;
  /** The canonical query string: keys Suspense boundaries, so a changed view never shows the previous answer. */
  key: string;
  /** This view's link, and the login page that comes back to it (for a key that stopped working). */
  here: string;
  relogin: string;
}

export function loginHref(next: string, tenant?: string | null): string {
  const params = new URLSearchParams({ next });
  if (tenant) params.set("tenant", tenant);
  return `/login?${params.toString()}`;
}

/**
 * Reads the URL and the session. Redirects a link with a renamed parameter to its current form
 * (legacy-links.ts: a link sent before the rename still shows what it named), to the login page
 * when the URL's tenant has no key here, and completes a URL without a tenant with the first one logged in (so the link in the
 * address bar always says whose data it shows).
 */
export async function resolveView(pathname: string, searchParams: SearchParamsInput): Promise<ResolvedView> {
  const upgraded = upgradeLegacyLink(pathname, searchParamsOf(searchParams));
  if (upgraded) redirect(upgraded);
  const state = parseViewState(searchParams);
  const keys = await loggedInKeys();
  const tenants = Object.keys(keys).sort();
  const here = viewHref(pathname, state);
  if (!state.tenant) {
    if (tenants.length === 0) redirect(loginHref(here));
    redirect(viewHref(pathname, { ...state, tenant: tenants[0]! }));
  }
  const key = keys[state.tenant];
  if (!key) redirect(loginHref(here, state.tenant));
  const range = resolveRange(state.range, Date.now());
  return {
    pathname,
    state: { ...state, tenant: state.tenant },
    credentials: { tenant: state.tenant, key },
    tenants,
    range,
    bucket: state.bucket ?? defaultBucket(range),
    key: serializeViewState(state).toString(),
    here,
    relogin: loginHref(here, state.tenant),
  };
}
