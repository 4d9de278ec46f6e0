import "server-only";
import { cookies, headers } from "next/headers";
import { dashboardConfig } from "./config";
import { TENANT_PATTERN } from "./url-state";

/**
 * The read keys of the tenants this browser has logged in to, in one httpOnly cookie: scripts in
 * the page cannot read a key, and only the dashboard's server sends it on, to the query API.
 */
const COOKIE_NAME = "answerscope_read_keys";
const MAX_AGE_SECONDS = 7 * 24 * 3600;

export type TenantKeys = Record<string, string>;

function decode(value: string | undefined): TenantKeys {
  if (!value) return {};
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (!parsed || typeof parsed !== "object") return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).filter((entry): entry is [string, string] => TENANT_PATTERN.test(entry[0]) && typeof entry[1] === "string" && entry[1].length > 0),
    );
  } catch {
    return {};
  }
}

export async function loggedInKeys(): Promise<TenantKeys> {
  return decode((await cookies()).get(COOKIE_NAME)?.value);
}

async function store(keys: TenantKeys): Promise<void> {
  const jar = await cookies();
  if (Object.keys(keys).length === 0) {
    jar.delete(COOKIE_NAME);
    return;
  }
  // Secure when served over https (directly or behind a proxy); plain http on localhost must still work.
  const forwarded = (await headers()).get("x-forwarded-proto");
  jar.set({
    name: COOKIE_NAME,
    value: Buffer.from(JSON.stringify(keys), "utf8").toString("base64url"),
    httpOnly: true,
    sameSite: "lax",
    secure: forwarded === "https" || dashboardConfig().DASHBOARD_SECURE_COOKIE === "1",
    path: "/",
    maxAge: MAX_AGE_SECONDS,
  });
}

export async function rememberKey(tenant: string, key: string): Promise<void> {
  await store({ ...(await loggedInKeys()), [tenant]: key });
}

export async function forgetTenant(tenant: string): Promise<TenantKeys> {
  const { [tenant]: _removed, ...rest } = await loggedInKeys();
  await store(rest);
  return rest;
}
