import { LABEL_LAG_LIMIT_MS } from "@answerscope/warehouse";
import { z } from "zod";
import { DurationSchema } from "../duration";

const Severity = z.enum(["critical", "warning", "info"]);
const share = z.number().min(0).max(1);
const count = z.number().int().positive();

/**
 * A rate that moved away from the same slice's baseline (README: "Rate rules"). All of these
 * must hold for a window: enough samples now and in the baseline; the rate moved by `factor`
 * (up: cur > base × factor; down: cur < base × factor) AND by `minChange` in absolute terms AND
 * by more than `zScore` binomial standard errors of the current sample. A slice without enough
 * baseline compares against `limitWithoutBaseline` instead (a ceiling going up, a floor going down).
 */
export const RateShiftRuleSchema = z.strictObject({
  severity: Severity,
  for: DurationSchema,
  /** Exporter windows (EXPORTER_WINDOWS) to watch; each becomes one rule with the same alert name. */
  windows: z.array(DurationSchema).min(1),
  minSamples: count,
  minBaselineSamples: count,
  factor: z.number().positive(),
  minChange: share,
  zScore: z.number().min(0),
  limitWithoutBaseline: share,
});
export type RateShiftRule = z.output<typeof RateShiftRuleSchema>;

export const RulesConfigSchema = z.strictObject({
  /** Where the dashboard lives; every dashboard_url annotation starts with it. */
  dashboardBaseUrl: z.url(),
  /** How much time before an alert's window its dashboard link also shows, for contrast. */
  dashboardLead: DurationSchema,
  /** The Prometheus job that scrapes the exporter (for the exporter-down rule). */
  exporterJob: z.string().min(1),
  thumbsDownSpike: RateShiftRuleSchema,
  goodAnswerDrop: RateShiftRuleSchema,
  toolSuccessDrop: RateShiftRuleSchema,
  maxIterationSpike: RateShiftRuleSchema,
  noReplySpike: RateShiftRuleSchema,
  latencyP95: z.strictObject({
    severity: Severity,
    for: DurationSchema,
    window: DurationSchema,
    thresholdSeconds: z.number().positive(),
    minSamples: count,
  }),
  responseCountDrop: z.strictObject({
    severity: Severity,
    for: DurationSchema,
    window: DurationSchema,
    maxRatio: share,
    minExpected: count,
  }),
  ingestLag: z.strictObject({ severity: Severity, for: DurationSchema, maxMessages: count }),
  deadLetterGrowth: z.strictObject({
    severity: Severity,
    for: DurationSchema,
    range: DurationSchema,
    minRejected: count,
    maxShare: share,
  }),
  exporterStale: z.strictObject({ severity: Severity, for: DurationSchema, maxAgeSeconds: count }),
  viewRepairsFailing: z.strictObject({ severity: Severity, for: DurationSchema, range: DurationSchema }),
  outcomeLabelsStale: z.strictObject({ severity: Severity, for: DurationSchema, maxLagSeconds: count }),
});
export type RulesConfig = z.output<typeof RulesConfigSchema>;

/** The defaults, explained one by one in alerts/README.md ("Defaults and why"). */
export const DEFAULT_RULES_CONFIG: RulesConfig = {
  dashboardBaseUrl: "http://localhost:3000",
  dashboardLead: "2h",
  exporterJob: "answerscope-exporter",
  thumbsDownSpike: {
    severity: "critical",
    for: "5m",
    windows: ["5m", "1h"],
    minSamples: 20,
    minBaselineSamples: 50,
    factor: 2,
    minChange: 0.1,
    zScore: 3,
    limitWithoutBaseline: 0.5,
  },
  goodAnswerDrop: {
    severity: "critical",
    for: "10m",
    windows: ["1h"],
    minSamples: 30,
    minBaselineSamples: 100,
    factor: 0.8,
    minChange: 0.1,
    zScore: 3,
    limitWithoutBaseline: 0.3,
  },
  toolSuccessDrop: {
    severity: "warning",
    for: "10m",
    windows: ["5m", "1h"],
    minSamples: 20,
    minBaselineSamples: 100,
    factor: 0.85,
    minChange: 0.1,
    zScore: 3,
    limitWithoutBaseline: 0.5,
  },
  maxIterationSpike: {
    severity: "warning",
    for: "10m",
    windows: ["1h"],
    minSamples: 30,
    minBaselineSamples: 200,
    factor: 2,
    minChange: 0.05,
    zScore: 3,
    limitWithoutBaseline: 0.3,
  },
  noReplySpike: {
    severity: "critical",
    for: "5m",
    windows: ["5m", "1h"],
    minSamples: 30,
    minBaselineSamples: 200,
    factor: 2,
    minChange: 0.05,
    zScore: 3,
    limitWithoutBaseline: 0.2,
  },
  latencyP95: { severity: "warning", for: "10m", window: "1h", thresholdSeconds: 30, minSamples: 50 },
  responseCountDrop: { severity: "critical", for: "10m", window: "5m", maxRatio: 0.25, minExpected: 30 },
  ingestLag: { severity: "warning", for: "10m", maxMessages: 50_000 },
  deadLetterGrowth: { severity: "warning", for: "10m", range: "15m", minRejected: 20, maxShare: 0.05 },
  exporterStale: { severity: "critical", for: "2m", maxAgeSeconds: 180 },
  viewRepairsFailing: { severity: "warning", for: "5m", range: "15m" },
  // The lag past which the API and the dashboard call labels stale, declared once in the warehouse.
  outcomeLabelsStale: { severity: "warning", for: "5m", maxLagSeconds: LABEL_LAG_LIMIT_MS / 1000 },
};

type DeepPartial<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;
export type RulesConfigOverrides = DeepPartial<RulesConfig>;

function merge(base: unknown, override: unknown): unknown {
  if (override === undefined) return base;
  if (
    typeof base !== "object" ||
    base === null ||
    Array.isArray(base) ||
    typeof override !== "object" ||
    override === null ||
    Array.isArray(override)
  )
    return override;
  const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(override)) merged[key] = merge(merged[key], value);
  return merged;
}

/** The defaults with some settings overridden (a JSON file, a test), validated whole: a typo is an error, not a silent default. */
export function resolveRulesConfig(overrides: unknown = {}): RulesConfig {
  const result = RulesConfigSchema.safeParse(merge(DEFAULT_RULES_CONFIG, overrides));
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`invalid alert rules configuration: ${problems}`);
  }
  return result.data;
}
