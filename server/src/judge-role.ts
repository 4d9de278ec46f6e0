import { createLogger, createServiceServer, listen, registryExposition } from "@answerscope/runtime";
import { loadJudgeConfig, startJudgeService, type RunningRole, type Warehouse } from "@answerscope/warehouse";

/**
 * The judge role: its loop (warehouse/src/judge) and an HTTP face on PORT with /metrics (the
 * judge's call counters), /healthz and /readyz, as every listening role has.
 */
export async function startJudgeRole(env: NodeJS.ProcessEnv, warehouse: Warehouse): Promise<RunningRole> {
  const config = loadJudgeConfig(env);
  const log = createLogger("judge");
  const judge = startJudgeService(config, log, warehouse);
  const server = createServiceServer({
    routes: [],
    metrics: registryExposition(judge.registry),
    isReady: () => true,
    logger: log,
  });
  try {
    const port = await listen(server, Number(env.PORT), env.HOST ?? "127.0.0.1");
    return {
      port,
      async stop() {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await judge.stop();
      },
    };
  } catch (error) {
    await judge.stop();
    throw error;
  }
}
