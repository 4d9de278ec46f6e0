import { createWarehouse, WarehouseEnvSchema, warehouseConfigFromEnv, type Warehouse } from "../client";
import { DataDirLockedError } from "../engine/data-dir-lock";
import { migrate } from "./runner";

// Configuration comes from the environment, as for every process of the product.
let warehouse: Warehouse;
try {
  warehouse = createWarehouse(warehouseConfigFromEnv(WarehouseEnvSchema.parse(process.env)));
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  // The embedded engine's directory belongs to one process; the one holding it (answerscope serve)
  // applied the pending migrations when it started.
  console.error(
    `migrate: ${error.message}.\nanswerscope serve applies pending migrations when it starts: stop it and start it again, or run migrate while it is stopped.`,
  );
  process.exit(1);
}

try {
  const result = await migrate(warehouse, {
    onProgress: ({ migration, statement, statements, status }) =>
      process.stdout.write(
        `migration ${String(migration.version).padStart(4, "0")}_${migration.name}: ${status} ${statement}/${statements}\n`,
      ),
  });
  console.log(`migrations: ${result.applied.length} applied, ${result.skipped.length} already applied`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await warehouse.close();
}
