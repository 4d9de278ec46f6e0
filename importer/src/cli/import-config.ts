import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { TENANT_ID_PATTERN, UNKNOWN } from "@answerscope/contracts";
import { z } from "zod";
import type { DeliveryTarget } from "../delivery/open-transport";
import { isValidTimeZone } from "../mapping/local-time";

export const USAGE = `Usage: answerscope import vikingbot <sessions-dir> --tenant <id> [options]
       (in the repository: npm run import -- vikingbot <sessions-dir> --tenant <id> [options])
       answerscope serve [--roles ...]: runs Answerscope itself (answerscope serve --help)

Reads vikingbot's session files (<workspace>/bot/sessions/*.jsonl) and sends their answers, tool
calls, ratings and vikingbot's own outcome labels to Answerscope as events. Safe to repeat: event ids are derived from the data.

  --tenant ID           Answerscope tenant the events belong to (required)
  --collector URL       post to the collector, e.g. http://127.0.0.1:4318 (env COLLECTOR_URL)
  --key KEY             the tenant's ingest key for --collector (env ANSWERSCOPE_INGEST_KEY)
  --kafka BROKERS       produce to Kafka instead, e.g. 127.0.0.1:9092 (env KAFKA_BROKERS)
  --timezone ZONE       IANA zone of the bot host, whose local times vikingbot writes (default UTC)
  --model NAME          model the bot ran on (vikingbot does not record it; default unknown)
  --provider NAME       its provider (default unknown)
  --watch               keep following the directory and send what is new
  --interval MS         watch: poll every MS milliseconds (default 1000)
  --state PATH          where the position is kept (default <sessions-dir>/.answerscope-import-state.json)
  --no-state            keep no position: send everything (duplicates are dropped by the pipeline)
  -h, --help            show this help`;

/** A mistake in the command line or environment: shown with the usage, exit code 2. */
export class UsageError extends Error {}

export type ImportConfig = {
  readonly directory: string;
  readonly tenantId: string;
  readonly target: DeliveryTarget;
  readonly timeZone: string;
  readonly model: string;
  readonly provider: string;
  readonly watch: boolean;
  readonly intervalMs: number;
  readonly statePath: string | null;
};

const commaList = (text: string) =>
  text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);

const rawConfigSchema = z
  .object({
    tenant: z
      .string({ error: "--tenant is required" })
      .regex(TENANT_ID_PATTERN, "a tenant id is 1-64 of [A-Za-z0-9_.-]"),
    collector: z.url({ protocol: /^https?$/ }).optional(),
    key: z.string().min(1).optional(),
    kafka: z
      .string()
      .transform(commaList)
      .pipe(z.array(z.string().regex(/^[^\s:]+:\d+$/, "a broker is HOST:PORT")).min(1))
      .optional(),
    timezone: z.string().refine(isValidTimeZone, "not an IANA time zone (e.g. Asia/Shanghai)").default("UTC"),
    model: z.string().min(1).max(128).default(UNKNOWN),
    provider: z.string().min(1).max(64).default(UNKNOWN),
    watch: z.boolean().default(false),
    interval: z.coerce.number().int().min(50).max(3_600_000).default(1000),
    state: z.string().min(1).optional(),
    "no-state": z.boolean().default(false),
  })
  .superRefine((raw, ctx) => {
    const problem = (message: string) => ctx.addIssue({ code: "custom", message });
    if (raw.kafka && raw.collector)
      problem("choose one of --kafka and --collector (or KAFKA_BROKERS and COLLECTOR_URL)");
    if (!raw.kafka && !raw.collector) problem("say where to send: --collector URL --key KEY, or --kafka BROKERS");
    if (raw.collector && !raw.key) problem("--collector needs the ingest key: --key KEY (or ANSWERSCOPE_INGEST_KEY)");
    if (raw.state && raw["no-state"]) problem("--state and --no-state exclude each other");
  });

/** The command line and environment as a config; null for --help. */
export function parseImportConfig(argv: readonly string[], env: NodeJS.ProcessEnv): ImportConfig | null {
  const parsed = readArgs(argv);
  if (parsed.values.help) return null;
  // `answerscope import vikingbot DIR`, or `npm run import -- vikingbot DIR` where the script already says import.
  const positionals = parsed.positionals[0] === "import" ? parsed.positionals.slice(1) : parsed.positionals;
  const [source, relativeDirectory, ...extra] = positionals;
  if (source !== "vikingbot")
    throw new UsageError(`unknown source ${JSON.stringify(source ?? "")}; expected "import vikingbot"`);
  if (!relativeDirectory)
    throw new UsageError("name the sessions directory: answerscope import vikingbot <sessions-dir>");
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(" ")}`);

  const values = parsed.values;
  const raw = rawConfigSchema.safeParse({
    ...values,
    collector: values.collector ?? (values.kafka ? undefined : env.COLLECTOR_URL || undefined),
    key: values.key ?? (env.ANSWERSCOPE_INGEST_KEY || undefined),
    kafka: values.kafka ?? (values.collector ? undefined : env.KAFKA_BROKERS || undefined),
  });
  if (!raw.success)
    throw new UsageError(
      raw.error.issues
        .map((issue) => `${issue.path.length ? `--${issue.path.join(".")}: ` : ""}${issue.message}`)
        .join("\n"),
    );
  const config = raw.data;
  // npm runs workspace scripts in the workspace's folder; relative paths are meant from where npm was
  // started (INIT_CWD: the repository root for `npm run import`), else from the current directory.
  const base = env.INIT_CWD || process.cwd();
  const directory = resolve(base, relativeDirectory);
  const target: DeliveryTarget = config.kafka
    ? {
        kind: "kafka",
        brokers: config.kafka,
        topics: {
          response_completed: env.TOPIC_RESPONSE_COMPLETED,
          tool_call: env.TOPIC_TOOL_CALL,
          feedback_submitted: env.TOPIC_FEEDBACK_SUBMITTED,
          external_outcome_recorded: env.TOPIC_EXTERNAL_OUTCOME_RECORDED,
        },
      }
    : { kind: "collector", url: config.collector ?? "", ingestKey: config.key ?? "" };
  return {
    directory,
    tenantId: config.tenant,
    target,
    timeZone: config.timezone,
    model: config.model,
    provider: config.provider,
    watch: config.watch,
    intervalMs: config.interval,
    statePath: config["no-state"]
      ? null
      : config.state
        ? resolve(base, config.state)
        : resolve(directory, ".answerscope-import-state.json"),
  };
}

function readArgs(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

const OPTIONS = {
  tenant: { type: "string" },
  collector: { type: "string" },
  key: { type: "string" },
  kafka: { type: "string" },
  timezone: { type: "string" },
  model: { type: "string" },
  provider: { type: "string" },
  watch: { type: "boolean" },
  interval: { type: "string" },
  state: { type: "string" },
  "no-state": { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;
