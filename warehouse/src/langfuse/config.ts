import { readFileSync } from "node:fs";
import { inspect } from "node:util";
import { z } from "zod";
import { WarehouseEnvSchema } from "../client";
import { SCORE_NAMES } from "./outcome-scores";

/**
 * A Langfuse secret key. Held in a closure so that logging, JSON-encoding or inspecting a
 * configuration never prints it; only the client is handed the value (`reveal`).
 */
export class SecretKey {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toString(): string {
    return "[redacted]";
  }
  toJSON(): string {
    return "[redacted]";
  }
  [inspect.custom](): string {
    return "[redacted]";
  }
}

/** One tenant's Langfuse project: where its traces live and the project's API key pair. */
const TenantEntrySchema = z
  .object({
    tenant_id: z.string().min(1),
    /** The Langfuse host, e.g. https://cloud.langfuse.com or a self-hosted URL. */
    base_url: z.url().refine((url) => /^https?:\/\//.test(url), "must be an http(s) URL"),
    public_key: z.string().min(1),
    secret_key: z
      .string()
      .min(1)
      .transform((value) => new SecretKey(value)),
    /**
     * Feedback pull: the names of the project's user-feedback scores to read in as
     * feedback_submitted events (empty: no pull). Never one Answerscope writes itself.
     */
    pull_score_names: z
      .array(z.string().min(1))
      .default([])
      .refine(
        (names) => names.every((name) => !(SCORE_NAMES as readonly string[]).includes(name)),
        "names a score Answerscope writes itself",
      ),
    /** The tenant's ingest key, for the pulled feedback's way in through the collector (needed with pull_score_names). */
    ingest_key: z
      .string()
      .min(1)
      .transform((value) => new SecretKey(value))
      .optional(),
  })
  .refine((tenant) => tenant.pull_score_names.length === 0 || tenant.ingest_key !== undefined, {
    message: "pull_score_names needs an ingest_key",
    path: ["ingest_key"],
  });
export type LangfuseTenant = z.output<typeof TenantEntrySchema>;

const TenantsSchema = z
  .object({ tenants: z.array(TenantEntrySchema) })
  .refine(
    ({ tenants }) => new Set(tenants.map((t) => t.tenant_id)).size === tenants.length,
    "a tenant is listed twice",
  );

const int = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * Settings of the Langfuse write-back (the `langfuse` role), from the environment like every
 * process. Tenants opt in by being listed; a tenant not listed sends nothing to Langfuse.
 */
export const LangfuseEnvSchema = WarehouseEnvSchema.extend({
  /** A JSON file `{ "tenants": [{ "tenant_id", "base_url", "public_key", "secret_key" }] }`... */
  LANGFUSE_TENANTS_FILE: z.string().optional(),
  /** ...or the same JSON inline. */
  LANGFUSE_TENANTS: z.string().optional(),
  /** Pause between write-back passes. */
  LANGFUSE_WRITEBACK_INTERVAL_MS: int(15_000),
  /** Responses per page: their events go as one OTLP request (some 1 kB each), their scores one request each. */
  LANGFUSE_BATCH_SIZE: int(200),
  /** Score requests in flight at once per tenant (Langfuse Cloud's Hobby plan takes 30 a minute: 1 is enough there). */
  LANGFUSE_CONCURRENCY: int(4),
  /** Retries of one score request on 408, 429 and 5xx, by the client's backoff (Retry-After honoured). */
  LANGFUSE_MAX_RETRIES: z.coerce.number().int().min(0).default(4),
  /** Per request. */
  LANGFUSE_TIMEOUT_S: int(30),
  /** The collector the pulled feedback is sent to, as any producer sends events (answerscope serve: its own). */
  LANGFUSE_PULL_COLLECTOR_URL: z.url().default("http://127.0.0.1:4318"),
  /**
   * The pull reads scores up to this long ago: Langfuse's public read endpoints may show data
   * some 10 minutes late, and a score read past the mark is never read again.
   */
  LANGFUSE_PULL_SETTLE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(15 * 60_000),
  /**
   * How long after a thumb a change of it (a flipped thumb keeps its timestamp) is still read in:
   * the revisit re-reads the scores of this window before the mark (README: "Feedback pull").
   */
  LANGFUSE_PULL_REVISIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(7 * 24 * 3_600_000),
  /** How often the revisit runs (it reads the whole window: far less often than the pull). */
  LANGFUSE_PULL_REVISIT_INTERVAL_MS: int(3_600_000),
  /** latency_satisfaction_score: 1 up to this many ms, 0.5 up to four times it, else 0 (README). */
  LANGFUSE_LATENCY_TARGET_MS: int(10_000),
});

export interface LangfuseConfig extends Omit<
  z.output<typeof LangfuseEnvSchema>,
  "LANGFUSE_TENANTS" | "LANGFUSE_TENANTS_FILE"
> {
  tenants: LangfuseTenant[];
}

/** A parse's data, or an error naming every bad field (of `source`, else of the environment): paths and zod's messages, never a value. */
function parsedOrThrow<T>(result: z.ZodSafeParseResult<T>, source?: string): T {
  if (result.success) return result.data;
  throw new Error(
    `invalid langfuse configuration: ${source ? `${source}: ` : ""}${result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
  );
}

/**
 * Reads and validates the settings. A malformed tenant list fails the start with the paths of the
 * bad fields only: zod's messages and this one never quote a value, so a key cannot leak here.
 */
export function loadLangfuseConfig(env: NodeJS.ProcessEnv = process.env): LangfuseConfig {
  const { LANGFUSE_TENANTS, LANGFUSE_TENANTS_FILE, ...settings } = parsedOrThrow(LangfuseEnvSchema.safeParse(env));
  const sources: { name: string; text: () => string }[] = [];
  if (LANGFUSE_TENANTS_FILE)
    sources.push({ name: "LANGFUSE_TENANTS_FILE", text: () => readFileSync(LANGFUSE_TENANTS_FILE, "utf8") });
  if (LANGFUSE_TENANTS) sources.push({ name: "LANGFUSE_TENANTS", text: () => LANGFUSE_TENANTS });
  const entries = sources.flatMap(({ name, text }) => {
    let json: unknown;
    try {
      json = JSON.parse(text());
    } catch {
      throw new Error(`invalid langfuse configuration: ${name} is not readable JSON`);
    }
    return parsedOrThrow(TenantsSchema.safeParse(json), name).tenants;
  });
  if (new Set(entries.map((t) => t.tenant_id)).size !== entries.length)
    throw new Error("invalid langfuse configuration: a tenant is listed twice");
  return { ...settings, tenants: entries };
}
