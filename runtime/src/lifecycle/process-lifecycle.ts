import { createLogger, errorClass, type Logger } from "../logging/logger";

/**
 * The end of every long-running Answerscope process: on the first SIGTERM or SIGINT,
 * run `stop` (finish or abandon in-flight work cleanly) and exit 0, or 1 if stopping
 * failed. A second signal while stopping is ignored, so an impatient orchestrator
 * cannot interrupt the clean-up half way.
 */
export function stopOnSignals(stop: () => Promise<void>, logger: Logger = createLogger("process")): void {
  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      logger.info(`${signal}: stopping`);
      stop().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ error_class: errorClass(error) }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
}

/**
 * The start of every long-running Answerscope process: a start that fails (a bad configuration, a
 * data directory another process holds, a warehouse that does not answer) ends the process with
 * one line naming the process and the cause, exit code 1, instead of an unhandled rejection's
 * stack trace, which buries the cause under frames an operator cannot act on.
 */
export async function startOrExit<T extends { stop(): Promise<void> }>(
  processName: string,
  start: () => T | Promise<T>,
): Promise<T> {
  const logger = createLogger(processName);
  let service: T;
  try {
    service = await start();
  } catch (error) {
    // Our own start errors name the bad setting or the held directory, never a value (parseEnv).
    logger.fatal(`${processName}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  stopOnSignals(() => service.stop(), logger);
  return service;
}
