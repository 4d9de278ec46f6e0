import type { LabelFreshness } from "@answerscope/warehouse";
import type { GaugeSample } from "./gauge-samples";

/**
 * The label freshness gauges, one series per capped tenant: the lag in seconds (+Inf when the
 * tenant's events were never evaluated: infinitely behind, so a lag rule fires) and whether the
 * evaluator's newest run for it failed. Tenants folded into `other` show their worst.
 */
export function labelFreshnessSamples(
  freshness: ReadonlyMap<string, LabelFreshness>,
  tenantOf: (tenant: string) => string,
): GaugeSample[] {
  const worst = new Map<string, { lag: number; failing: number }>();
  for (const [tenant, labels] of freshness) {
    const key = tenantOf(tenant);
    const seen = worst.get(key) ?? { lag: 0, failing: 0 };
    worst.set(key, {
      lag: Math.max(seen.lag, labels.lag_seconds ?? Number.POSITIVE_INFINITY),
      failing: Math.max(seen.failing, labels.failing ? 1 : 0),
    });
  }
  return [...worst].flatMap(([tenant, { lag, failing }]) => [
    { gauge: "labelLag" as const, labels: { tenant }, value: lag },
    { gauge: "evaluatorFailing" as const, labels: { tenant }, value: failing },
  ]);
}
