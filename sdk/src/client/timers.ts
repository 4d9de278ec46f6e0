/**
 * On Node a pending timer keeps the process alive; the client's timers must not (a process that
 * is done should exit, `shutdown()` is how to send the rest). Elsewhere there is no unref.
 */
export function unrefTimer(timer: unknown): void {
  (timer as { unref?: () => void } | undefined)?.unref?.();
}

/** Waits `ms`, or less when `wake` resolves first; says which. */
export function sleep(ms: number, wake: Promise<void>): Promise<"slept" | "woken"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slept = new Promise<"slept">((resolve) => {
    timer = setTimeout(() => resolve("slept"), ms);
    unrefTimer(timer);
  });
  return Promise.race([slept, wake.then(() => "woken" as const)]).finally(() => clearTimeout(timer));
}
