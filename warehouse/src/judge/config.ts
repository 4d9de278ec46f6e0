import { TENANT_ID_PATTERN } from "@answerscope/contracts";
import { z } from "zod";
import { WarehouseEnvSchema } from "../client";
import { SecretKey } from "../langfuse/config";
import { PrivacyEnvShape } from "../privacy/tenant-privacy";

const int = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const SampleRate = z.coerce.number().min(0).max(1);
const DailyBudget = z.coerce.number().int().min(0);

/** A tenant's own rate and budget, over the defaults (JUDGE_SAMPLE_RATE, JUDGE_DAILY_BUDGET). */
const TenantJudgeSchema = z
  .object({ sample_rate: SampleRate.optional(), daily_budget: DailyBudget.optional() })
  .strict();
const JudgeTenantsSchema = z.record(z.string().regex(TENANT_ID_PATTERN), TenantJudgeSchema);

/** JUDGE_TENANTS: JSON text, parsed and checked; a field's path names a mistake, never its value. */
const JudgeTenantsSetting = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (!text) return {};
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: "custom", message: "is not readable JSON" });
      return z.NEVER;
    }
    const parsed = JudgeTenantsSchema.safeParse(json);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: "custom", message: `${issue.path.join(".")}: ${issue.message}` });
    return z.NEVER;
  });

/**
 * Settings of the LLM judge (the `judge` role), from the environment like every process. Which
 * tenants it judges is their privacy setting `answer_texts` (ANSWERSCOPE_PRIVACY[_FILE]): only
 * their texts are stored. Validation names the bad fields, never a value, so the key cannot leak.
 */
export const JudgeEnvSchema = WarehouseEnvSchema.extend({
  /** Base URL of an OpenAI-compatible API (e.g. https://api.openai.com/v1): the judge posts to `<url>/chat/completions`. */
  JUDGE_URL: z.url().refine((url) => /^https?:\/\//.test(url), "must be an http(s) URL"),
  JUDGE_MODEL: z.string().min(1),
  /** Sent as `Authorization: Bearer <key>`; held in a SecretKey, which never prints. */
  JUDGE_API_KEY: z
    .string()
    .min(1)
    .transform((value) => new SecretKey(value)),
  /** Share of each tenant's answers judged, 0..1, chosen by a hash of the response id (sample.ts). */
  JUDGE_SAMPLE_RATE: SampleRate.default(0.1),
  /** Calls of the judge per tenant per UTC day, counted from the stored judge rows (errors included). */
  JUDGE_DAILY_BUDGET: DailyBudget.default(200),
  /** Per tenant, what differs from the two above: `{ "<tenant>": { "sample_rate"?, "daily_budget"? } }` (JSON). */
  JUDGE_TENANTS: JudgeTenantsSetting,
  /** Pause between passes. */
  JUDGE_INTERVAL_MS: int(60_000),
  /** Per call; a call that takes longer is stored as a `timeout` error. */
  JUDGE_TIMEOUT_MS: int(30_000),
  /** Answers older than this many days are not judged any more. */
  JUDGE_LOOKBACK_DAYS: int(7),
  ...PrivacyEnvShape,
});

export type JudgeConfig = z.output<typeof JudgeEnvSchema>;

export function loadJudgeConfig(env: NodeJS.ProcessEnv = process.env): JudgeConfig {
  const parsed = JudgeEnvSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new Error(
    `invalid judge configuration: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`,
  );
}

/** A tenant's sample rate and daily budget: its own (JUDGE_TENANTS) over the defaults. */
export function tenantJudgeSettings(config: JudgeConfig, tenantId: string): { rate: number; dailyBudget: number } {
  const own = config.JUDGE_TENANTS[tenantId];
  return {
    rate: own?.sample_rate ?? config.JUDGE_SAMPLE_RATE,
    dailyBudget: own?.daily_budget ?? config.JUDGE_DAILY_BUDGET,
  };
}
