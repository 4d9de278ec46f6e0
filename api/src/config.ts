import { parseEnv, portSetting, positiveInt } from "@answerscope/runtime";
import { KeyRingEnvSchema, WarehouseEnvSchema } from "@answerscope/warehouse";
import { z } from "zod";

/** Every setting of the query API, read from the environment in this one place. */
export const ApiConfigSchema = WarehouseEnvSchema.extend({
  PORT: portSetting(4320),
  HOST: z.string().default("127.0.0.1"),
  // Keys (KeyRingEnvSchema): only `read` keys and dashboard sessions read here.
  ...KeyRingEnvSchema.shape,
  /** The admin credential of the admin routes (`answerscope keys` through this server); unset, they are off. */
  ANSWERSCOPE_ADMIN_KEY: z.string().min(16, "the admin credential must be at least 16 characters").optional(),
  /** How long a dashboard login lasts before its session token expires. */
  SESSION_TTL_S: z.coerce
    .number()
    .int()
    .min(60)
    .default(12 * 3600),
  /** Link to a response's trace, e.g. `https://langfuse.example.com/project/{tenant_id}/traces/{trace_id}`; unset: `trace_url` is null. */
  TRACE_URL_TEMPLATE: z
    .string()
    .refine((value) => value === "" || /^https?:\/\//.test(value), "must be an http(s) URL template")
    .optional()
    .transform((value) => value || undefined),
  /** Origin of the dashboard allowed to call the API from a browser (CORS); unset: no CORS headers. */
  CORS_ORIGIN: z.url().optional(),
  /** A warehouse read that takes longer than this answers 503 instead of holding the request. */
  WAREHOUSE_TIMEOUT_MS: positiveInt(30_000),
});

export type ApiConfig = z.output<typeof ApiConfigSchema>;

export function loadApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  return parseEnv(ApiConfigSchema, env, "api");
}
