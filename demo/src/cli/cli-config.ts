import { parseArgs } from "node:util";
import { TENANT_ID_PATTERN, type EventType } from "@answerscope/contracts";
import { z } from "zod";
import { SCENARIO_DEFAULTS, type ScenarioOptions, type ScenarioTime } from "../scenario/scenario-options";

/**
 * The demo's share of vikingbot sessions: a third of the chat sessions, so the Label agreement
 * view has hundreds of compared answers. The generator's own default stays 0: tests that need
 * labels of their own make them.
 */
export const DEMO_VIKINGBOT_SHARE = 0.3;

export const USAGE = `Usage: tsx demo/src/cli.ts [options]

Generates a realistic Answerscope event stream and sends it to Kafka or the HTTP collector.

  --events N            messages to send, malformed ones included (default 20000)
  --seed N              seed of the generator; the same seed gives the same events (default 42)
  --window-hours H      backfill: spread events over the last H hours (default 24)
  --rate N              live: send N events/s with current timestamps (instead of a backfill)
  --malformed SHARE     share of malformed messages, 0..1 (default 0.01)
  --vikingbot SHARE     share of chat sessions whose bot (vikingbot) also sends its own outcome
                        labels, for the Label agreement view, 0..1 (default ${DEMO_VIKINGBOT_SHARE})
  --tenants a,b         tenants to generate for with --kafka (default demo,acme)
  --batch-size N        messages per batch (default 1000)
  --kafka BROKERS       produce to Kafka, e.g. 127.0.0.1:9092 (env KAFKA_BROKERS)
  --collector URL       post to the collector, e.g. http://127.0.0.1:4318 (env COLLECTOR_URL)
  --key TENANT=KEY      ingest key of a tenant for --collector, repeatable; the tenants generated
                        are those with a key (env ANSWERSCOPE_DEMO_KEYS="demo=KEY,acme=KEY2")
  -h, --help            show this help

Kafka topics default to the contract's (answerscope.*) and follow TOPIC_RESPONSE_COMPLETED,
TOPIC_TOOL_CALL and TOPIC_FEEDBACK_SUBMITTED like the ingest service.`;

/** A mistake in the command line or environment: shown with the usage, exit code 2. */
export class UsageError extends Error {}

export type SendTarget =
  | { readonly kind: "kafka"; readonly brokers: readonly string[]; readonly topics: Partial<Record<EventType, string>> }
  | { readonly kind: "collector"; readonly url: string; readonly keys: ReadonlyMap<string, string> };

export type CliConfig = {
  readonly events: number;
  readonly seed: number;
  readonly malformedShare: number;
  readonly vikingbotShare: number;
  readonly tenants: readonly string[];
  readonly time: ScenarioTime;
  readonly batchSize: number;
  readonly target: SendTarget;
};

const tenantId = z.string().regex(TENANT_ID_PATTERN, "a tenant id is 1-64 of [A-Za-z0-9_.-]");

/** `tenant=key` pairs; the key may itself contain `=`. */
const keyPairs = z.array(
  z.string().transform((pair, ctx) => {
    const at = pair.indexOf("=");
    const tenant = pair.slice(0, at);
    const key = pair.slice(at + 1);
    if (at < 1 || key === "" || !tenantId.safeParse(tenant).success) {
      ctx.addIssue({
        code: "custom",
        message: `expected TENANT=KEY, got ${JSON.stringify(at < 1 ? pair.slice(0, 20) : `${tenant}=…`)}`,
      });
      return z.NEVER;
    }
    return [tenant, key] as const;
  }),
);

const commaList = (text: string) =>
  text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);

const rawConfigSchema = z
  .object({
    events: z.coerce.number().int().min(1).max(1e9).default(20_000),
    seed: z.coerce.number().int().min(0).max(0xffffffff).default(SCENARIO_DEFAULTS.seed),
    "window-hours": z.coerce
      .number()
      .positive()
      .max(24 * 366)
      .optional(),
    rate: z.coerce.number().positive().max(1e6).optional(),
    malformed: z.coerce.number().min(0).max(1).default(SCENARIO_DEFAULTS.malformedShare),
    vikingbot: z.coerce.number().min(0).max(1).default(DEMO_VIKINGBOT_SHARE),
    tenants: z.string().transform(commaList).pipe(z.array(tenantId).min(1)).optional(),
    "batch-size": z.coerce.number().int().min(1).max(10_000).default(1000),
    kafka: z
      .string()
      .transform(commaList)
      .pipe(z.array(z.string().regex(/^[^\s:]+:\d+$/, "a broker is HOST:PORT")).min(1))
      .optional(),
    collector: z.url({ protocol: /^https?$/ }).optional(),
    key: keyPairs.default([]),
    topics: z.object({
      response_completed: z.string().min(1).optional(),
      tool_call: z.string().min(1).optional(),
      feedback_submitted: z.string().min(1).optional(),
    }),
  })
  .superRefine((raw, ctx) => {
    const problem = (message: string) => ctx.addIssue({ code: "custom", message });
    if (raw.rate !== undefined && raw["window-hours"] !== undefined)
      problem("--rate (live) and --window-hours (backfill) exclude each other");
    if (raw.kafka && raw.collector)
      problem("choose one of --kafka and --collector (or KAFKA_BROKERS and COLLECTOR_URL)");
    if (!raw.kafka && !raw.collector) problem("say where to send: --kafka BROKERS or --collector URL");
    if (raw.collector && raw.key.length === 0)
      problem("--collector needs at least one --key TENANT=KEY (or ANSWERSCOPE_DEMO_KEYS)");
    const tenants = raw.key.map(([tenant]) => tenant);
    if (new Set(tenants).size < tenants.length) problem("one --key per tenant");
    if (raw.collector && raw.tenants) problem("with --collector the tenants are those of the keys; drop --tenants");
  });

function parseCommandLine(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        events: { type: "string" },
        seed: { type: "string" },
        "window-hours": { type: "string" },
        rate: { type: "string" },
        malformed: { type: "string" },
        vikingbot: { type: "string" },
        tenants: { type: "string" },
        "batch-size": { type: "string" },
        kafka: { type: "string" },
        collector: { type: "string" },
        key: { type: "string", multiple: true },
        help: { type: "boolean", short: "h" },
      },
    }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The run's configuration from the command line, falling back to the environment for where to
 * send (KAFKA_BROKERS, COLLECTOR_URL, ANSWERSCOPE_DEMO_KEYS) when no flag says it. `null` for --help.
 */
export function parseCliConfig(argv: readonly string[], env: NodeJS.ProcessEnv): CliConfig | null {
  const flags = parseCommandLine(argv);
  if (flags.help) return null;
  // The environment only fills in a destination when the command line names none, so a flag
  // never combines with a stale variable into an ambiguous target.
  const fromEnv = flags.kafka === undefined && flags.collector === undefined;
  const envKeys = env.ANSWERSCOPE_DEMO_KEYS ? commaList(env.ANSWERSCOPE_DEMO_KEYS) : [];
  const parsed = rawConfigSchema.safeParse({
    ...flags,
    kafka: flags.kafka ?? (fromEnv ? env.KAFKA_BROKERS || undefined : undefined),
    collector: flags.collector ?? (fromEnv ? env.COLLECTOR_URL || undefined : undefined),
    key: flags.key ?? (envKeys.length > 0 ? envKeys : undefined),
    topics: {
      response_completed: env.TOPIC_RESPONSE_COMPLETED || undefined,
      tool_call: env.TOPIC_TOOL_CALL || undefined,
      feedback_submitted: env.TOPIC_FEEDBACK_SUBMITTED || undefined,
    },
  });
  if (!parsed.success) {
    // Never echo input values wholesale: a --key value is a credential.
    throw new UsageError(
      parsed.error.issues
        .map((issue) => (issue.path.length > 0 ? `--${issue.path.join(".")}: ${issue.message}` : issue.message))
        .join("\n"),
    );
  }
  const raw = parsed.data;
  const time: ScenarioTime =
    raw.rate !== undefined
      ? { mode: "live", eventsPerSecond: raw.rate }
      : { mode: "backfill", windowMs: (raw["window-hours"] ?? 24) * 3_600_000 };
  const target: SendTarget = raw.collector
    ? { kind: "collector", url: raw.collector, keys: new Map(raw.key) }
    : {
        kind: "kafka",
        brokers: raw.kafka ?? [],
        topics: Object.fromEntries(Object.entries(raw.topics).filter(([, topic]) => topic !== undefined)),
      };
  const tenants =
    target.kind === "collector" ? [...target.keys.keys()] : (raw.tenants ?? [...SCENARIO_DEFAULTS.tenants]);
  return {
    events: raw.events,
    seed: raw.seed,
    malformedShare: raw.malformed,
    vikingbotShare: raw.vikingbot,
    tenants,
    time,
    batchSize: raw["batch-size"],
    target,
  };
}

/** What the generator makes of a run's configuration (the CLI and the tests of `npm start`'s demo use this one mapping). */
export function scenarioOf(config: CliConfig): ScenarioOptions {
  return {
    events: config.events,
    seed: config.seed,
    tenants: config.tenants,
    malformedShare: config.malformedShare,
    vikingbotShare: config.vikingbotShare,
    time: config.time,
  };
}
