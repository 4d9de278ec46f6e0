import { parseArgs } from "node:util";
import { UsageError } from "./command-line";
import { DEFAULT_ROLE_NAMES, ROLE_NAMES, type RoleName } from "./roles";

export const USAGE = `Usage: answerscope serve [--roles ${ROLE_NAMES.join(",")}]

Runs the roles of Answerscope in one process on one warehouse connection: without CLICKHOUSE_URL
on the embedded ClickHouse engine with its data in the data directory, with it on that server or
cluster. Every role reads its settings from the environment as its own process does; the
collector listens on COLLECTOR_PORT (default 4318), the query API on API_PORT (4320), the exporter
on EXPORTER_PORT (4321); the langfuse role sends nothing unless LANGFUSE_TENANTS(_FILE) lists tenants.
The judge role (the LLM judge, on JUDGE_PORT, 4322) runs only when --roles names it.

  --roles LIST   the roles to run, comma-separated (default: all but judge), e.g. --roles api,exporter
                 to deploy the API and the exporter as their own processes against a server
  -h, --help     show this help`;

/** The roles asked for, in their start order (ROLES); null for --help. */
export function parseServeArgs(argv: readonly string[]): RoleName[] | null {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { roles: { type: "string" }, help: { type: "boolean", short: "h" } },
      allowPositionals: false,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (parsed.values.help) return null;
  if (parsed.values.roles === undefined) return [...DEFAULT_ROLE_NAMES];
  const asked = parsed.values.roles
    .split(",")
    .map((role) => role.trim())
    .filter(Boolean);
  const unknown = asked.filter((role) => !(ROLE_NAMES as string[]).includes(role));
  if (unknown.length > 0)
    throw new UsageError(
      `unknown role ${unknown.map((role) => JSON.stringify(role)).join(", ")}; the roles are ${ROLE_NAMES.join(", ")}`,
    );
  if (asked.length === 0) throw new UsageError(`--roles names no role; the roles are ${ROLE_NAMES.join(", ")}`);
  return ROLE_NAMES.filter((role) => asked.includes(role));
}
