/** Shown while a panel's answer is on its way; never mistaken for "no data". */
export function LoadingState({ what, height = 120 }: { what: string; height?: number }) {
  return (
    <div
      className="state state-loading"
      data-state="loading"
      role="status"
      aria-live="polite"
      style={{ minHeight: height }}
    >
      <span className="spinner" aria-hidden="true" />
      Loading {what}…
    </div>
  );
}
