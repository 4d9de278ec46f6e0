import { parseArgs } from "node:util";
import { NewKeySchema, type NewKey } from "@answerscope/warehouse";
import { UsageError } from "../command-line";

export const KEYS_USAGE = `Usage: answerscope keys create --tenant T --kind ingest|read [--expires WHEN]
       answerscope keys list [--tenant T]
       answerscope keys revoke --tenant T KEY_ID

Keys stored as data: only a hash of each key is kept, the secret is printed once by create. Every
service takes a new or revoked key within seconds, without a restart. The keys of
ANSWERSCOPE_KEYS(_FILE) keep working beside them.

  --tenant T     the tenant the key belongs to
  --kind K       ingest (sends events) or read (queries the API, logs in to the dashboard)
  --expires WHEN an ISO time (2027-01-01T00:00:00Z) or a duration from now (90d, 12h); default never

With CLICKHOUSE_URL it writes to that server. On the embedded engine it opens the data directory,
or, while answerscope serve holds it, goes through the serve's admin route (ANSWERSCOPE_API_URL,
default http://127.0.0.1:$API_PORT or 4320) with the admin credential ANSWERSCOPE_ADMIN_KEY.`;

export type KeysCommand =
  | { command: "create"; key: NewKey }
  | { command: "list"; tenantId?: string }
  | { command: "revoke"; tenantId: string; keyId: string };

const DURATION = /^(\d+)([dh])$/;

/** An ISO time, or a duration from `nowMs` ("90d", "12h"), as an ISO time. */
export function expiresAt(value: string, nowMs: number): string {
  const duration = DURATION.exec(value);
  if (duration)
    return new Date(nowMs + Number(duration[1]) * (duration[2] === "d" ? 86_400_000 : 3_600_000)).toISOString();
  const ms = Date.parse(value);
  if (!/^\d{4}-\d\d-\d\d/.test(value) || Number.isNaN(ms))
    throw new UsageError(`--expires takes an ISO time or a duration such as 90d or 12h, not "${value}"`);
  if (ms <= nowMs) throw new UsageError(`--expires ${value} is in the past`);
  return new Date(ms).toISOString();
}

/** The command asked for; null for --help. */
export function parseKeysArgs(argv: readonly string[], nowMs = Date.now()): KeysCommand | null {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        tenant: { type: "string" },
        kind: { type: "string" },
        expires: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) return null;
  const [command, ...rest] = positionals;
  if (command === "create" && rest.length === 0) {
    const key = NewKeySchema.safeParse({
      tenant_id: values.tenant,
      kind: values.kind,
      expires_at: values.expires === undefined ? null : expiresAt(values.expires, nowMs),
    });
    if (!key.success)
      throw new UsageError(
        `create needs --tenant (a tenant id) and --kind ingest or read: ${key.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`,
      );
    return { command, key: key.data };
  }
  if (command === "list" && rest.length === 0) return { command, tenantId: values.tenant };
  if (command === "revoke" && rest.length === 1 && values.tenant)
    return { command, tenantId: values.tenant, keyId: rest[0]! };
  throw new UsageError(
    command === undefined
      ? "name a command: create, list or revoke"
      : `unknown or incomplete command: ${[command, ...rest].join(" ")}`,
  );
}
