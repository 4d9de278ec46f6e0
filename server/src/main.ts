import { createLogger, parseEnv, stopOnSignals } from "@answerscope/runtime";
import {
  createWarehouse,
  WarehouseEnvSchema,
  warehouseConfigFromEnv,
  type Warehouse,
  type WarehouseConfig,
} from "@answerscope/warehouse";
import { parseCommandLine } from "./command-line";
import { parseServeArgs, USAGE } from "./serve-args";
import { startServe, type Serving } from "./serve";

// `answerscope serve [--roles ...]`: the roles of the product in one process. Exit codes: 0 stopped
// by a signal, 1 a role failed to start or stop, 2 usage error.
const roles = parseCommandLine("serve", USAGE, parseServeArgs);

const logger = createLogger("serve");
const fail = (error: unknown): never => {
  logger.fatal(`serve: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
};

function openWarehouse(): { config: WarehouseConfig; warehouse: Warehouse } {
  try {
    const config = warehouseConfigFromEnv(parseEnv(WarehouseEnvSchema, process.env, "serve"));
    // E.g. the data directory is another process's: the message names it and the holder.
    return { config, warehouse: createWarehouse(config, { logger }) };
  } catch (error) {
    return fail(error);
  }
}
const { config, warehouse } = openWarehouse();
let starting: Promise<Serving> | undefined;
let stopping = false;
// Taken before the roles start: a signal during the start (migrations) stops them once started,
// instead of killing the process with the embedded engine half way through a write.
stopOnSignals(async () => {
  stopping = true;
  await (await starting)?.stop();
}, logger);
logger.info(
  `answerscope serve: starting ${roles.join(", ")} on ${config.dataDir ? `embedded ClickHouse, data in ${config.dataDir}` : `the ClickHouse server at ${config.url}`}`,
);
starting = startServe(roles, warehouse, process.env, (line) => logger.info(line));
await starting.catch(fail);
if (!stopping) logger.info(`answerscope serve: ${roles.join(", ")} running`);
