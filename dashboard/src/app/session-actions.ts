"use server";

import { redirect } from "next/navigation";
import { checkReadKey } from "@/lib/api-client";
import { HOME_PATH } from "@/lib/routes";
import { forgetTenant, rememberKey } from "@/lib/session";
import { TENANT_PATTERN } from "@/lib/url-state";

export interface LoginState {
  message: string | null;
  tenant: string;
}

/** Only a path of this site: a login link must not send anyone elsewhere. */
function safeNext(next: FormDataEntryValue | null, tenant: string): string {
  const fallback = `${HOME_PATH}?tenant=${encodeURIComponent(tenant)}`;
  if (typeof next !== "string" || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  const url = new URL(next, "http://dashboard.invalid");
  // The link may name another tenant (a shared view): the one just logged in to is the one to show.
  if (url.pathname === "/login") return fallback;
  url.searchParams.set("tenant", tenant);
  return `${url.pathname}?${url.searchParams.toString()}`;
}

/** Checks a tenant's read key against the query API and keeps it in the httpOnly session cookie. */
export async function logIn(_previous: LoginState, form: FormData): Promise<LoginState> {
  const tenant = String(form.get("tenant") ?? "").trim();
  const key = String(form.get("key") ?? "").trim();
  if (!TENANT_PATTERN.test(tenant)) return { tenant, message: "A tenant id is 1 to 64 letters, digits, '.', '_' or '-'." };
  if (!key) return { tenant, message: "Enter the tenant's read key." };
  const verdict = await checkReadKey({ tenant, key });
  if (verdict === "unknown_key") return { tenant, message: "This key is not a valid key." };
  if (verdict === "wrong_tenant") return { tenant, message: `This key cannot read tenant "${tenant}": it belongs to another tenant, or it is an ingest key.` };
  if (verdict === "unreachable") return { tenant, message: "The query API could not be reached, so the key could not be checked. Try again in a moment." };
  await rememberKey(tenant, key);
  redirect(safeNext(form.get("next"), tenant));
}

/** Forgets one tenant's key; with none left, back to the login page. */
export async function logOut(form: FormData): Promise<void> {
  const tenant = String(form.get("tenant") ?? "");
  const remaining = Object.keys(await forgetTenant(tenant)).sort();
  redirect(remaining.length ? `${HOME_PATH}?tenant=${encodeURIComponent(remaining[0]!)}` : "/login");
}
