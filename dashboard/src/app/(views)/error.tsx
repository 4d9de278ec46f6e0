"use client";

/** A view that failed to render for a reason the API did not report (a bug, not missing data): said as such, with a retry. */
export default function ViewError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="state state-error" data-state="error" data-error-kind="render" role="alert">
      <strong>This view could not be shown</strong>
      <p>
        Something failed while rendering it; the figures are unknown, not zero.
        {error.digest ? ` (reference ${error.digest})` : ""}
      </p>
      <button type="button" className="button-small" onClick={reset}>
        Try again
      </button>
    </div>
  );
}
