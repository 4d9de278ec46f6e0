import "server-only";
import { z } from "zod";

/** Every setting of the dashboard's server, read from the environment in this one place. */
const DashboardEnvSchema = z.object({
  /** The query API the dashboard reads through (docs/api.md); never ClickHouse itself. */
  API_URL: z.url().default("http://127.0.0.1:4320"),
  /** Longer than the API's own warehouse timeout (30 s), so a slow read ends as the API's 503, not as ours. */
  API_TIMEOUT_MS: z.coerce.number().int().positive().default(40_000),
  /** "1": the session cookie is Secure even without an https proxy header. */
  DASHBOARD_SECURE_COOKIE: z.enum(["0", "1"]).default("0"),
  /** Seals the session cookie (iron-session, at least 32 characters); unset, a secret of the process (logins end at a restart). */
  DASHBOARD_SESSION_SECRET: z.string().min(32).optional(),
});

export type DashboardConfig = z.output<typeof DashboardEnvSchema>;

let loaded: DashboardConfig | undefined;

export function dashboardConfig(): DashboardConfig {
  if (!loaded) {
    const result = DashboardEnvSchema.safeParse(process.env);
    if (!result.success)
      throw new Error(
        `invalid dashboard configuration: ${result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`,
      );
    loaded = { ...result.data, API_URL: result.data.API_URL.replace(/\/+$/, "") };
  }
  return loaded;
}
