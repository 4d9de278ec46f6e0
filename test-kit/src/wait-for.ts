/** Polls `probe` until it returns a value that `done` accepts, or fails after `timeoutMs` with the last value seen. */
export async function waitFor<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  {
    timeoutMs = 60_000,
    intervalMs = 200,
    what = "condition",
  }: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      last = await probe();
      if (done(last)) return last;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(
    `timed out after ${timeoutMs} ms waiting for ${what}; last value ${JSON.stringify(last)}${lastError ? `, last error ${String(lastError)}` : ""}`,
  );
}
