import type { FactBatch } from "../sink/fact-tables";

export const HOUR_MS = 3_600_000;

/** One tenant's hours (start times, ms) whose view rows a repair brings back in line with the facts. */
export interface ViewRepairScope {
  tenantId: string;
  hourStarts: number[];
  /** The earliest ingested_at_ms of the rows: labels evaluated from then on are evaluated again. */
  minIngestedAtMs: number;
}

export const hourStartOf = (ms: number): number => Math.floor(ms / HOUR_MS) * HOUR_MS;

/** Milliseconds as the whole seconds of a DateTime column. */
export const secondsOf = (ms: number): number => Math.floor(ms / 1000);

/**
 * The hours whose view rows a batch's INSERT may have left incomplete, per tenant: the hours of
 * the batch's responses and tool-call events (the only facts that feed views). Hours, not one
 * range: a batch of imported history can span months and still touch few hours. The times of the
 * versions and first times those rows supersede are known only to the facts (the sink's lookup
 * fills them), so the repair adds their hours when it runs.
 */
export function viewRepairScopes(batch: Pick<FactBatch, "responses" | "toolCalls">): ViewRepairScope[] {
  return mergeScopes(
    [...batch.responses, ...batch.toolCalls].map((row) => ({
      tenantId: row.tenant_id,
      hourStarts: [hourStartOf(row.occurred_at_ms)],
      minIngestedAtMs: row.ingested_at_ms,
    })),
  );
}

/** One scope per tenant: the union of their hours, the earliest ingestion time. */
export function mergeScopes(scopes: readonly ViewRepairScope[]): ViewRepairScope[] {
  const merged = new Map<string, { hours: Set<number>; minIngestedAtMs: number }>();
  for (const scope of scopes) {
    const into = merged.get(scope.tenantId) ?? { hours: new Set<number>(), minIngestedAtMs: scope.minIngestedAtMs };
    for (const hour of scope.hourStarts) into.hours.add(hour);
    into.minIngestedAtMs = Math.min(into.minIngestedAtMs, scope.minIngestedAtMs);
    merged.set(scope.tenantId, into);
  }
  return [...merged].map(([tenantId, { hours, minIngestedAtMs }]) => ({
    tenantId,
    hourStarts: [...hours].sort((a, b) => a - b),
    minIngestedAtMs,
  }));
}

/** Sorted hour starts as half-open [from, to) ranges of consecutive hours. */
export function hourRuns(hourStarts: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const start of [...new Set(hourStarts)].sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    if (last && last[1] === start) last[1] = start + HOUR_MS;
    else runs.push([start, start + HOUR_MS]);
  }
  return runs;
}
