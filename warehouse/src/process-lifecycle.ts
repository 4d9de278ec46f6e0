/**
 * The end of every long-running Answerscope process: on the first SIGTERM or SIGINT,
 * run `stop` (finish or abandon in-flight work cleanly) and exit 0, or 1 if stopping
 * failed. A second signal while stopping is ignored, so an impatient orchestrator
 * cannot interrupt the clean-up half way.
 */
export function stopOnSignals(stop: () => Promise<void>): void {
  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log(`${signal}: stopping`);
      stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error("shutdown failed", error);
          process.exit(1);
        },
      );
    });
  }
}
