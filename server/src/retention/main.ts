import {
  applyRetention,
  createWarehouse,
  loadPrivacyConfig,
  migrate,
  PrivacyEnvShape,
  runRetentionRound,
  WarehouseEnvSchema,
  warehouseConfigFromEnv,
} from "@answerscope/warehouse";
import { parseCommandLine } from "../command-line";
import { parseRetentionArgs, RETENTION_USAGE } from "./retention-args";

// `answerscope retention --dry-run | --apply`: a line per tenant with a retention on stderr as it
// goes (its cutoff, the rows per table), then the summary as JSON on stdout. Exit codes: 0 done,
// 1 failed, 2 usage error.
const { apply } = parseCommandLine("retention", RETENTION_USAGE, parseRetentionArgs);
const LOCK_MS = 600_000;
try {
  const env = WarehouseEnvSchema.extend(PrivacyEnvShape).parse(process.env);
  const privacy = loadPrivacyConfig(env);
  const warehouse = createWarehouse(warehouseConfigFromEnv(env));
  try {
    // A warehouse older than this release: its tables as the deletion names them.
    await migrate(warehouse);
    const log = (line: string) => console.error(line);
    // Applied under the view repairs' lock, as a serving process applies it (retention-round.ts).
    const tenants = apply
      ? await runRetentionRound(warehouse, privacy, { lockTimeoutMs: LOCK_MS, lockLeaseMs: LOCK_MS, log })
      : await applyRetention(warehouse, privacy, { apply: false, log });
    console.log(JSON.stringify({ applied: apply, tenants }, null, 2));
  } finally {
    await warehouse.close();
  }
} catch (error) {
  console.error(`retention: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
