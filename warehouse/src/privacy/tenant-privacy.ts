import { readFileSync } from "node:fs";
import { TENANT_ID_PATTERN } from "@answerscope/contracts";
import { z } from "zod";

/**
 * How a tenant's `query_text` (the user's own words) is stored (docs/privacy.md):
 * - `full`: as sent (truncated to 4000 characters by the contract);
 * - `redacted`: secrets, e-mail addresses and phone numbers masked (the default);
 * - `none`: only the re-ask phrase the turn contains, if any (what re-ask detection reads).
 * The query category is classified by the contract from the whole text before any of these.
 */
export const QUERY_TEXT_MODES = ["full", "redacted", "none"] as const;
export type QueryTextMode = (typeof QUERY_TEXT_MODES)[number];

const TenantPrivacyShape = {
  query_text: z.enum(QUERY_TEXT_MODES),
  /**
   * Whole UTC days of facts and refused events kept (retention.ts; docs/privacy.md, "Retention");
   * `null`: kept until erased (the built-in), so a tenant can opt out of a default retention.
   */
  retention_days: z.number().int().min(1).max(36_500).nullable(),
  /**
   * Whether the question and answer texts of the tenant's responses are kept (response_texts,
   * answer-text-policy.ts), redacted and bounded, for the LLM judge. Off unless the tenant opts in.
   */
  answer_texts: z.boolean(),
};

export const TenantPrivacySchema = z.object(TenantPrivacyShape).strict();
export type TenantPrivacy = z.output<typeof TenantPrivacySchema>;

/** The one place tenants' privacy settings are declared: a default, and per tenant what differs from it. */
export const PrivacyConfigSchema = z
  .object({
    default: TenantPrivacySchema.partial().strict().default({}),
    tenants: z.record(z.string().regex(TENANT_ID_PATTERN), TenantPrivacySchema.partial().strict()).default({}),
  })
  .strict();
export type PrivacyConfig = z.output<typeof PrivacyConfigSchema>;

const BUILT_IN: TenantPrivacy = { query_text: "redacted", retention_days: null, answer_texts: false };

/** The settings of one tenant: its own over the configured default over the built-in one. */
export function tenantPrivacy(config: PrivacyConfig, tenantId: string): TenantPrivacy {
  return { ...BUILT_IN, ...config.default, ...config.tenants[tenantId] };
}

/** The settings a writing process reads its privacy configuration from (loadPrivacyConfig). */
export const PrivacyEnvShape = {
  /** Path of a JSON file: `{ "default": { "query_text", "retention_days", "answer_texts" }, "tenants": { "<tenant>": { ... } } }`... */
  ANSWERSCOPE_PRIVACY_FILE: z.string().optional(),
  /** ...or the same JSON inline. */
  ANSWERSCOPE_PRIVACY: z.string().optional(),
};

/**
 * The privacy configuration of a process: `ANSWERSCOPE_PRIVACY_FILE` (a JSON file) or
 * `ANSWERSCOPE_PRIVACY` (the same JSON inline); neither: every tenant `redacted`.
 * An invalid one stops the process at start, naming what is wrong.
 */
export function loadPrivacyConfig(env: {
  ANSWERSCOPE_PRIVACY?: string;
  ANSWERSCOPE_PRIVACY_FILE?: string;
}): PrivacyConfig {
  const text = env.ANSWERSCOPE_PRIVACY_FILE
    ? readFileSync(env.ANSWERSCOPE_PRIVACY_FILE, "utf8")
    : env.ANSWERSCOPE_PRIVACY;
  if (!text) return PrivacyConfigSchema.parse({});
  const parsed = PrivacyConfigSchema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error(
      `invalid privacy configuration: ${parsed.error.issues.map((issue) => `${issue.path.join(".") || "(top)"}: ${issue.message}`).join("; ")}`,
    );
  return parsed.data;
}
