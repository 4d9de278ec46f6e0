import {
  createWarehouse,
  eraseUser,
  migrate,
  WarehouseEnvSchema,
  warehouseConfigFromEnv,
} from "@answerscope/warehouse";
import { parseCommandLine } from "../command-line";
import { ERASE_USAGE, parseEraseArgs } from "./erase-args";

// `answerscope erase --tenant T --user U`: the summary (rows removed per table, the record's user
// hash) to stdout. Exit codes: 0 erased, 1 failed, 2 usage error.
const target = parseCommandLine("erase", ERASE_USAGE, parseEraseArgs);
try {
  const warehouse = createWarehouse(warehouseConfigFromEnv(WarehouseEnvSchema.parse(process.env)));
  try {
    // The record's table may be newer than the warehouse.
    await migrate(warehouse);
    const erasure = await eraseUser(warehouse, target);
    console.log(
      JSON.stringify(
        {
          tenant_id: erasure.tenantId,
          user_hash: erasure.userHash,
          hours_rebuilt: erasure.hours,
          deleted_rows: erasure.deletedRows,
        },
        null,
        2,
      ),
    );
  } finally {
    await warehouse.close();
  }
} catch (error) {
  console.error(`erase: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
