import type { WritebackStatus } from "@answerscope/warehouse";
import type { GaugeSample } from "./gauge-samples";

/**
 * The Langfuse write-back gauges, one series per capped tenant with a write-back: how far its
 * verdicts in Langfuse lag its finished labels, in seconds, and whether its newest pass failed.
 * Tenants folded into `other` show their worst.
 */
export function langfuseWritebackSamples(
  statuses: readonly WritebackStatus[],
  tenantOf: (tenant: string) => string,
): GaugeSample[] {
  const worst = new Map<string, { lag: number; failing: number }>();
  for (const status of statuses) {
    const key = tenantOf(status.tenantId);
    const seen = worst.get(key) ?? { lag: 0, failing: 0 };
    worst.set(key, {
      lag: Math.max(seen.lag, status.lagMs / 1000),
      failing: Math.max(seen.failing, status.failing === null ? 0 : 1),
    });
  }
  return [...worst].flatMap(([tenant, { lag, failing }]) => [
    { gauge: "langfuseWritebackLag" as const, labels: { tenant }, value: lag },
    { gauge: "langfuseWritebackFailing" as const, labels: { tenant }, value: failing },
  ]);
}
