import { TENANT_ID_PATTERN } from "@answerscope/contracts";

/** Backfill: history over a window ending at `endMs`. Live: a stream starting now at a rate. */
export type ScenarioTime =
  | { readonly mode: "backfill"; readonly endMs?: number; readonly windowMs?: number }
  | { readonly mode: "live"; readonly startMs?: number; readonly eventsPerSecond: number };

export type ScenarioOptions = {
  /** Messages to produce, malformed ones included. */
  readonly events: number;
  readonly seed?: number;
  readonly tenants?: readonly string[];
  /** Share of messages that are malformed, 0..1. */
  readonly malformedShare?: number;
  /** Share of units that are AIOps diagnostic tasks rather than chat sessions, 0..1. */
  readonly diagnosticShare?: number;
  /**
   * Share of chat sessions served by a vikingbot that sends its own outcome label of each answer
   * (external_outcome_recorded, source vikingbot), 0..1: what the Label agreement view compares.
   */
  readonly vikingbotShare?: number;
  readonly time?: ScenarioTime;
};

export const SCENARIO_DEFAULTS = {
  seed: 42,
  tenants: ["demo", "acme"],
  malformedShare: 0.01,
  diagnosticShare: 0.12,
  vikingbotShare: 0,
  windowMs: 24 * 60 * 60 * 1000,
} as const;

export type ResolvedScenario = {
  readonly events: number;
  readonly seed: number;
  readonly tenants: readonly string[];
  readonly malformedShare: number;
  readonly diagnosticShare: number;
  readonly vikingbotShare: number;
  readonly time:
    | { readonly mode: "backfill"; readonly endMs: number; readonly windowMs: number }
    | { readonly mode: "live"; readonly startMs: number; readonly eventsPerSecond: number };
};

const isShare = (value: number) => Number.isFinite(value) && value >= 0 && value <= 1;

/** Fills defaults and rejects options that would produce nonsense (a bad tenant id, a share of 2). */
export function resolveScenario(options: ScenarioOptions, nowMs: number = Date.now()): ResolvedScenario {
  const resolved: ResolvedScenario = {
    events: options.events,
    seed: options.seed ?? SCENARIO_DEFAULTS.seed,
    tenants: options.tenants ?? SCENARIO_DEFAULTS.tenants,
    malformedShare: options.malformedShare ?? SCENARIO_DEFAULTS.malformedShare,
    diagnosticShare: options.diagnosticShare ?? SCENARIO_DEFAULTS.diagnosticShare,
    vikingbotShare: options.vikingbotShare ?? SCENARIO_DEFAULTS.vikingbotShare,
    time:
      options.time?.mode === "live"
        ? { mode: "live", startMs: options.time.startMs ?? nowMs, eventsPerSecond: options.time.eventsPerSecond }
        : {
            mode: "backfill",
            endMs: options.time?.endMs ?? nowMs,
            windowMs: options.time?.windowMs ?? SCENARIO_DEFAULTS.windowMs,
          },
  };
  const problems: string[] = [];
  if (!Number.isSafeInteger(resolved.events) || resolved.events < 0) problems.push("events must be an integer >= 0");
  if (!Number.isSafeInteger(resolved.seed) || resolved.seed < 0) problems.push("seed must be an integer >= 0");
  if (resolved.tenants.length === 0) problems.push("at least one tenant is needed");
  for (const tenant of resolved.tenants)
    if (!TENANT_ID_PATTERN.test(tenant)) problems.push(`tenant ${JSON.stringify(tenant)} is not a valid tenant_id`);
  if (!isShare(resolved.malformedShare)) problems.push("malformedShare must lie in [0, 1]");
  if (!isShare(resolved.diagnosticShare)) problems.push("diagnosticShare must lie in [0, 1]");
  if (!isShare(resolved.vikingbotShare)) problems.push("vikingbotShare must lie in [0, 1]");
  if (resolved.time.mode === "live" && !(resolved.time.eventsPerSecond > 0))
    problems.push("eventsPerSecond must be > 0");
  if (resolved.time.mode === "backfill" && !(resolved.time.windowMs > 0)) problems.push("windowMs must be > 0");
  if (problems.length > 0) throw new RangeError(`invalid demo scenario: ${problems.join("; ")}`);
  return resolved;
}
