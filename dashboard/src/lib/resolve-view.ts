import "server-only";
import { redirect } from "next/navigation";
import type { ReadCredentials } from "./api-client";
import type { Bucket } from "./dimensions";
import { upgradeLegacyLink } from "./legacy-links";
import { checkLink } from "./link-check";
import { sessionTokens } from "./session";
import { defaultBucket, resolveRange, type ResolvedRange } from "./time-range";
import {
  searchParamsOf,
  serializeViewState,
  viewHref,
  type LinkNotice,
  type SearchParamsInput,
  type ViewState,
} from "./url-state";

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
  /** What the link asked for that is not shown as written; when any, the page's address is rewritten to `here` (link-check.ts). */
  notices: LinkNotice[];
  relogin: string;
}

export function loginHref(next: string, tenant?: string | null): string {
  const params = new URLSearchParams({ next });
  if (tenant) params.set("tenant", tenant);
  return `/login?${params.toString()}`;
}

/**
 * Reads the URL and the session. Redirects a link with a renamed parameter to its current form
 * (legacy-links.ts: a link sent before the rename still shows what it named, without a word), to
 * the login page when the URL's tenant has no key here, and completes a URL without a tenant with
 * the first one logged in (so the link in the address bar always says whose data it shows). What
 * the link asked for that the view cannot show as written comes back as `notices`.
 */
export async function resolveView(pathname: string, searchParams: SearchParamsInput): Promise<ResolvedView> {
  const query = searchParamsOf(searchParams);
  const upgraded = upgradeLegacyLink(pathname, query);
  if (upgraded) redirect(upgraded);
  // The login page comes back to the link as sent, so what it asked for is still checked, and said, after logging in.
  const asSent = query.size ? `${pathname}?${query.toString()}` : pathname;
  const nowMs = Date.now();
  const { state: asked, notices } = checkLink(pathname, query, nowMs);
  const keys = await sessionTokens();
  const tenants = Object.keys(keys).sort();
  if (!asked.tenant && tenants.length === 0) redirect(loginHref(asSent));
  const state = { ...asked, tenant: asked.tenant ?? tenants[0]! };
  const here = viewHref(pathname, state);
  // Only a tenant to add: the address is completed before anything is shown. With notices, the
  // page shows them and rewrites its address in the browser (url-notice.tsx), as a redirect would lose them.
  if (!asked.tenant && notices.length === 0) redirect(here);
  const key = keys[state.tenant];
  if (!key) redirect(loginHref(asSent, state.tenant));
  const range = resolveRange(state.range, nowMs);
  return {
    pathname,
    state,
    credentials: { tenant: state.tenant, key },
    tenants,
    range,
    bucket: state.bucket ?? defaultBucket(range),
    key: serializeViewState(state).toString(),
    here,
    relogin: loginHref(here, state.tenant),
    notices,
  };
}
