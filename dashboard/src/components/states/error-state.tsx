import Link from "next/link";
import type { ApiFailure } from "@/lib/api-client";

const TITLES: Record<ApiFailure["kind"], string> = {
  unavailable: "The warehouse could not be read",
  unreachable: "The query API could not be reached",
  unauthenticated: "Your session was not accepted",
  forbidden: "Your read key may not read this tenant",
  not_found: "Not found",
  invalid_request: "The query API rejected the request",
  unexpected: "The query API answered with an error",
};

const EXPLANATIONS: Record<ApiFailure["kind"], string> = {
  unavailable:
    "ClickHouse is down or too slow right now. These figures are unknown, not zero. Reload the page to try again.",
  unreachable:
    "The dashboard's server got no answer from the query API. These figures are unknown, not zero. Reload the page to try again.",
  unauthenticated:
    "It may have ended (logged out, expired) or its read key was revoked. Log in again with a current read key.",
  forbidden: "The key belongs to another tenant, or it is an ingest key. Log in with this tenant's read key.",
  not_found: "This tenant has nothing with this id (another tenant's objects are not visible either).",
  invalid_request: "This is a bug in the dashboard or an unusual link; the message below names the parameter.",
  unexpected: "Reload the page to try again.",
};

/** A failed read, said as a failure: never rendered as an empty chart or a zero. */
export function ErrorState({ failure, loginHref }: { failure: ApiFailure; loginHref?: string }) {
  const needsLogin = failure.kind === "unauthenticated" || failure.kind === "forbidden";
  return (
    <div className="state state-error" data-state="error" data-error-kind={failure.kind} role="alert">
      <strong>{TITLES[failure.kind]}</strong>
      <p>{EXPLANATIONS[failure.kind]}</p>
      <p className="muted">
        {failure.status ? `HTTP ${failure.status}: ` : ""}
        {failure.message}
      </p>
      {needsLogin && loginHref ? <Link href={loginHref}>Log in again</Link> : null}
    </div>
  );
}
