/**
 * Runs `run` now and then again `intervalMs` after each run ends, so runs never overlap, until
 * the returned `stop` is called; `stop` resolves once the run in flight, if any, has finished.
 * A run that throws is reported to `onError` and the loop goes on.
 */
export function runPeriodically(
  run: () => Promise<void>,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();

  const runOnce = () => run().catch(onError);
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      inFlight = runOnce().then(() => schedule(intervalMs));
    }, delayMs);
  };
  schedule(0);

  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await inFlight;
  };
}
