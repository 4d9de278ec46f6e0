import { createWarehouse, WarehouseEnvSchema, warehouseConfigFromEnv } from "../client";
import { migrate } from "./runner";

// Configuration comes from the environment, as for every process of the product.
const warehouse = createWarehouse(warehouseConfigFromEnv(WarehouseEnvSchema.parse(process.env)));

try {
  const result = await migrate(warehouse, {
    onProgress: ({ migration, statement, statements, status }) =>
      process.stdout.write(`migration ${String(migration.version).padStart(4, "0")}_${migration.name}: ${status} ${statement}/${statements}\n`),
  });
  console.log(`migrations: ${result.applied.length} applied, ${result.skipped.length} already applied`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await warehouse.close();
}
