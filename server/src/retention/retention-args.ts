import { UsageError } from "../command-line";

export const RETENTION_USAGE = `Usage: answerscope retention --dry-run | --apply

Deletes now what the tenants' retention_days no longer keep (docs/privacy.md, "Retention"), as the
writing processes do once a day: per tenant with a retention, the whole UTC days older than it,
from every table. --dry-run counts what would go and deletes nothing. Reads the tenants' settings
from ANSWERSCOPE_PRIVACY_FILE or ANSWERSCOPE_PRIVACY, the warehouse from CLICKHOUSE_URL (a server
or cluster) or ANSWERSCOPE_DATA_DIR (the embedded engine: stop serve first).`;

/** `--dry-run` or `--apply`, exactly one; null for --help. */
export function parseRetentionArgs(args: readonly string[]): { apply: boolean } | null {
  if (args.includes("--help") || args.includes("-h")) return null;
  const unknown = args.find((arg) => arg !== "--dry-run" && arg !== "--apply");
  if (unknown !== undefined) throw new UsageError(`unknown argument ${JSON.stringify(unknown)}`);
  const modes = new Set(args);
  if (modes.size !== 1) throw new UsageError("give exactly one of --dry-run and --apply");
  return { apply: modes.has("--apply") };
}
