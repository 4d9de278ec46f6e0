"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { closeApiSession, openApiSession } from "@/lib/api-client";
import { encodeLogoutNotice, LOGOUT_NOTICE_COOKIE, LOGOUT_NOTICE_MAX_AGE_SECONDS } from "@/lib/logout-notice";
import { HOME_PATH, VIEWS } from "@/lib/routes";
import { forgetTenant, rememberSession } from "@/lib/session";
import { onTenant } from "@/lib/tenant-switch";
import { parseViewState, TENANT_PATTERN, viewHref } from "@/lib/url-state";

export interface LoginState {
  message: string | null;
  tenant: string;
}

/** A path of this site, or null: a login or logout form must not send anyone elsewhere. */
function sitePath(next: FormDataEntryValue | null): URL | null {
  if (typeof next !== "string" || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  return new URL(next, "http://dashboard.invalid");
}

/** Only a path of this site: a login link must not send anyone elsewhere. */
function safeNext(next: FormDataEntryValue | null, tenant: string): string {
  const fallback = `${HOME_PATH}?tenant=${encodeURIComponent(tenant)}`;
  const url = sitePath(next);
  if (!url) return fallback;
  // The link may name another tenant (a shared view): the one just logged in to is the one to show.
  if (url.pathname === "/login") return fallback;
  url.searchParams.set("tenant", tenant);
  return `${url.pathname}?${url.searchParams.toString()}`;
}

/** Opens a session at the query API with a tenant's read key and keeps its token, never the key, in the sealed session cookie. */
export async function logIn(_previous: LoginState, form: FormData): Promise<LoginState> {
  const tenant = String(form.get("tenant") ?? "").trim();
  const key = String(form.get("key") ?? "").trim();
  if (!TENANT_PATTERN.test(tenant))
    return { tenant, message: "A tenant id is 1 to 64 letters, digits, '.', '_' or '-'." };
  if (!key) return { tenant, message: "Enter the tenant's read key." };
  const opened = await openApiSession({ tenant, key });
  if (!opened.ok && opened.reason === "unknown_key") return { tenant, message: "This key is not a valid key." };
  if (!opened.ok && opened.reason === "wrong_tenant")
    return {
      tenant,
      message: `This key cannot read tenant "${tenant}": it belongs to another tenant, or it is an ingest key.`,
    };
  if (!opened.ok && opened.reason === "unavailable")
    return {
      tenant,
      message: "The query API could not store the session: its warehouse cannot be reached. Try again in a moment.",
    };
  if (!opened.ok)
    return {
      tenant,
      message: "The query API could not be reached, so the key could not be checked. Try again in a moment.",
    };
  await rememberSession(tenant, opened.token, opened.expiresAt);
  redirect(safeNext(form.get("next"), tenant));
}

/**
 * Closes one tenant's session at the API (its token is refused from then on, even in a copy of the
 * cookie), forgets it, and shows the view the form was on (`next`), with its time range, on the
 * first tenant still logged in; a response's detail page belongs to its tenant, so that one goes to
 * the home view. With none left, the login page, which comes back to the view. The next page says
 * what happened (LogoutNoticeBanner).
 */
export async function logOut(form: FormData): Promise<void> {
  const tenant = String(form.get("tenant") ?? "");
  const { token, remaining } = await forgetTenant(tenant);
  // Forgotten here either way; an API that could not be told lets the token expire (SESSION_TTL_S).
  if (token && !(await closeApiSession(token)))
    console.warn(`logout: the query API could not close the session of tenant ${tenant}; it expires on its own`);
  const from = sitePath(form.get("next"));
  const isView = Object.values(VIEWS).some((view) => view.path === from?.pathname);
  const state = parseViewState(from?.searchParams ?? new URLSearchParams());
  const path = isView ? from!.pathname : HOME_PATH;
  const showing = remaining[0] ?? null;
  (await cookies()).set({
    name: LOGOUT_NOTICE_COOKIE,
    value: encodeLogoutNotice({ loggedOut: tenant, showing }),
    path: "/",
    sameSite: "lax",
    maxAge: LOGOUT_NOTICE_MAX_AGE_SECONDS,
  });
  redirect(
    showing
      ? viewHref(path, onTenant(state, showing))
      : `/login?${new URLSearchParams({ next: viewHref(path, { ...onTenant(state, tenant), tenant: null }) }).toString()}`,
  );
}
