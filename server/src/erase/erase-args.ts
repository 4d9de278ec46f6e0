import { TENANT_ID_PATTERN } from "@answerscope/contracts";
import { UsageError } from "../command-line";

export const ERASE_USAGE = `Usage: answerscope erase --tenant <tenant_id> --user <user_id>

Removes every row of one user of one tenant from every table, corrects the metrics and outcome
figures that counted them, and records the erasure (docs/privacy.md). Reads the warehouse from
CLICKHOUSE_URL (a server) or ANSWERSCOPE_DATA_DIR (the embedded engine: stop serve first).`;

/** `--tenant T --user U` (either order, `--name=value` too); null for --help. */
export function parseEraseArgs(args: readonly string[]): { tenantId: string; userId: string } | null {
  if (args.includes("--help") || args.includes("-h")) return null;
  const values: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i]!.split(/=(.*)/s, 2);
    if (flag !== "--tenant" && flag !== "--user") throw new UsageError(`unknown argument ${JSON.stringify(args[i])}`);
    const value = inline ?? args[++i];
    if (!value) throw new UsageError(`${flag} needs a value`);
    values[flag.slice(2)] = value;
  }
  if (!values.tenant || !values.user) throw new UsageError("both --tenant and --user are required");
  if (!TENANT_ID_PATTERN.test(values.tenant))
    throw new UsageError(`--tenant ${JSON.stringify(values.tenant)} is not a tenant id`);
  if (values.user.length > 128) throw new UsageError("--user is longer than a user id can be (128)");
  return { tenantId: values.tenant, userId: values.user };
}
