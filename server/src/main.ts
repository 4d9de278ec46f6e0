import { createWarehouse, parseEnv, stopOnSignals, WarehouseEnvSchema, warehouseConfigFromEnv } from "@answerscope/warehouse";
import { parseServeArgs, USAGE, UsageError } from "./serve-args";
import { startServe } from "./serve";

// `answerscope serve [--roles ...]`: the roles of the product in one process. Exit codes: 0 stopped
// by a signal, 1 a role failed to start or stop, 2 usage error.
let roles;
try {
  roles = parseServeArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`serve: ${error.message}\n\n${USAGE}`);
  process.exit(2);
}
if (roles === null) {
  console.log(USAGE);
  process.exit(0);
}

try {
  const warehouse = createWarehouse(warehouseConfigFromEnv(parseEnv(WarehouseEnvSchema, process.env, "serve")));
  const serving = await startServe(roles, warehouse, process.env, (line) => console.log(line));
  console.log(`answerscope serve: ${roles.join(", ")} running`);
  stopOnSignals(() => serving.stop());
} catch (error) {
  console.error(`serve: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
