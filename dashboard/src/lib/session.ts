import "server-only";
import { randomBytes } from "node:crypto";
import { getIronSession, type IronSession } from "iron-session";
import { cookies, headers } from "next/headers";
import { dashboardConfig } from "./config";
import { TENANT_PATTERN } from "./url-state";

/**
 * The tenants this browser is logged in to, each with the session token the query API issued at
 * login (never the read key, which the dashboard forgets once the API has checked it). The cookie
 * is sealed (encrypted and signed) by iron-session, httpOnly, and expires with the tokens; logging
 * out closes the token at the API, so a copy of the cookie taken before is refused after.
 */
const COOKIE_NAME = "answerscope_session";
/** The cookie of the dashboard before sessions: it held the read keys themselves, and is deleted at the next login. */
const LEGACY_COOKIE_NAME = "answerscope_read_keys";
/** The longest a login lasts; the API's token expires sooner if its SESSION_TTL_S says so. */
const SESSION_TTL_SECONDS = 12 * 3600;

interface SessionData {
  tenants?: Record<string, { token: string; expiresAt: string }>;
}

/**
 * Without DASHBOARD_SESSION_SECRET, a secret of this process: logins end when the dashboard
 * restarts. Kept on globalThis, not in a module variable: Next.js may load this module once per
 * bundle (pages, route handlers), and every one must unseal what another sealed.
 */
const PROCESS_SECRET = Symbol.for("answerscope.dashboard.session-secret");

function sessionSecret(): string {
  const configured = dashboardConfig().DASHBOARD_SESSION_SECRET;
  if (configured) return configured;
  const holder = globalThis as { [PROCESS_SECRET]?: string };
  if (!holder[PROCESS_SECRET]) {
    holder[PROCESS_SECRET] = randomBytes(32).toString("base64url");
    console.warn(
      "DASHBOARD_SESSION_SECRET is not set: sessions are sealed with a secret of this process, and end when the dashboard restarts",
    );
  }
  return holder[PROCESS_SECRET];
}

async function openSession(): Promise<IronSession<SessionData>> {
  // Secure when served over https (directly or behind a proxy); plain http on localhost must still work.
  const forwarded = (await headers()).get("x-forwarded-proto");
  return getIronSession<SessionData>(await cookies(), {
    password: sessionSecret(),
    cookieName: COOKIE_NAME,
    ttl: SESSION_TTL_SECONDS,
    cookieOptions: {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: forwarded === "https" || dashboardConfig().DASHBOARD_SECURE_COOKIE === "1",
    },
  });
}

export type TenantTokens = Record<string, string>;

/** The session token of each tenant logged in to and not expired: the credential the API reads with. */
export async function sessionTokens(): Promise<TenantTokens> {
  const nowMs = Date.now();
  const entries = Object.entries((await openSession()).tenants ?? {});
  return Object.fromEntries(
    entries
      .filter(([tenant, entry]) => TENANT_PATTERN.test(tenant) && Date.parse(entry.expiresAt) > nowMs)
      .map(([tenant, entry]) => [tenant, entry.token]),
  );
}

export async function rememberSession(tenant: string, token: string, expiresAt: string): Promise<void> {
  const session = await openSession();
  session.tenants = { ...session.tenants, [tenant]: { token, expiresAt } };
  await session.save();
  (await cookies()).delete(LEGACY_COOKIE_NAME);
}

/** Forgets one tenant: its token, for the API to close, and the tenants still logged in. */
export async function forgetTenant(tenant: string): Promise<{ token: string | undefined; remaining: string[] }> {
  const session = await openSession();
  const { [tenant]: removed, ...rest } = session.tenants ?? {};
  if (Object.keys(rest).length === 0) session.destroy();
  else {
    session.tenants = rest;
    await session.save();
  }
  return { token: removed?.token, remaining: Object.keys(rest).sort() };
}
