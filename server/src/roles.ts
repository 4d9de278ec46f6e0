import { loadExporterConfig, startExporterService } from "@answerscope/alerts";
import { loadApiConfig, startApiService } from "@answerscope/api";
import { loadIngestConfig, startIngestService } from "@answerscope/ingest";
import { loadOutcomeConfig, startOutcomeService } from "@answerscope/evaluator";
import { createLogger } from "@answerscope/runtime";
import { startJudgeRole } from "./judge-role";
import { loadLangfuseConfig, startLangfuseService, type RunningRole, type Warehouse } from "@answerscope/warehouse";

/** The default ports of the listening roles. */
const ROLE_PORTS = { collector: 4318, api: 4320, judge: 4322 } as const;

/**
 * The roles `answerscope serve` can run, in the order they start: the collector, whose clients
 * produce what the others read, first. Each role reads its settings from
 * the environment as its own process does, except the port: the collector and the API both read
 * PORT alone, so serve gives each its own variable.
 */
export const ROLES = {
  collector: {
    portVariable: "COLLECTOR_PORT",
    defaultPort: ROLE_PORTS.collector,
    start: (env, warehouse) => startIngestService(loadIngestConfig(env), warehouse),
  },
  evaluator: { start: async (env, warehouse) => startOutcomeService(loadOutcomeConfig(env), warehouse) },
  api: {
    portVariable: "API_PORT",
    defaultPort: ROLE_PORTS.api,
    start: (env, warehouse) => startApiService(loadApiConfig(env), warehouse),
  },
  // The exporter has its own EXPORTER_PORT already.
  exporter: { start: (env, warehouse) => startExporterService(loadExporterConfig(env), warehouse) },
  // Answerscope's verdicts written back to Langfuse, for the tenants configured (none: it sends
  // nothing); the feedback it pulls goes in through this serve's own collector unless told otherwise.
  langfuse: {
    start: async (env, warehouse) =>
      startLangfuseService(
        loadLangfuseConfig({
          LANGFUSE_PULL_COLLECTOR_URL: `http://127.0.0.1:${env.COLLECTOR_PORT ?? ROLE_PORTS.collector}`,
          ...env,
        }),
        createLogger("langfuse"),
        warehouse,
      ),
  },
  // The LLM judge (warehouse/src/judge): optional, so only when --roles names it; it needs its
  // endpoint's settings (JUDGE_URL, JUDGE_MODEL, JUDGE_API_KEY) and judges opted-in tenants only.
  judge: {
    optional: true,
    portVariable: "JUDGE_PORT",
    defaultPort: ROLE_PORTS.judge,
    start: (env, warehouse) => startJudgeRole(env, warehouse),
  },
} satisfies Record<string, RoleDefinition>;

interface RoleDefinition {
  /** serve's variable for the role's PORT, and its default (the port the role's own process uses). */
  portVariable?: string;
  defaultPort?: number;
  /** Started only when `--roles` names it; the default is every other role. */
  optional?: boolean;
  start(env: NodeJS.ProcessEnv, warehouse: Warehouse): Promise<RunningRole>;
}

export type RoleName = keyof typeof ROLES;
export const ROLE_NAMES = Object.keys(ROLES) as RoleName[];
/** What serve runs without `--roles`. */
export const DEFAULT_ROLE_NAMES = ROLE_NAMES.filter((role) => !(ROLES[role] as RoleDefinition).optional);

/** The environment a role is started with: serve's own, with PORT taken from the role's variable. */
export function roleEnv(role: RoleName, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const definition: RoleDefinition = ROLES[role];
  if (!definition.portVariable) return env;
  return { ...env, PORT: env[definition.portVariable] ?? String(definition.defaultPort) };
}
