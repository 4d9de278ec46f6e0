import type { Metadata } from "next";
import { sessionTokens } from "@/lib/session";
import { TENANT_PATTERN } from "@/lib/url-state";
import { MAIN_ID } from "@/components/layout/skip-link";
import { LogoutNoticeBanner } from "@/components/session/logout-notice";
import { LoginForm } from "./login-form";
import { HOME_PATH } from "@/lib/routes";

export const metadata: Metadata = { title: "Log in · Answerscope" };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const tenant = typeof params.tenant === "string" && TENANT_PATTERN.test(params.tenant) ? params.tenant : "";
  const next = typeof params.next === "string" ? params.next : HOME_PATH;
  const known = Object.keys(await sessionTokens()).sort();
  return (
    <main className="login-page" id={MAIN_ID} tabIndex={-1}>
      <h1>Answerscope</h1>
      <LogoutNoticeBanner tenant={null} />
      <p>
        Log in with a tenant&apos;s read key. The query API checks the key and opens a session; this dashboard keeps
        only the session, sealed in an httpOnly cookie, and forgets the key.
      </p>
      {tenant && !known.includes(tenant) ? (
        <p className="notice">
          The link you opened shows tenant &quot;{tenant}&quot;, which you have not logged in to here.
        </p>
      ) : null}
      <LoginForm tenant={tenant} next={next} />
      {known.length ? <p className="muted">Logged in here: {known.join(", ")}.</p> : null}
    </main>
  );
}
