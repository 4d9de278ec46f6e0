import type { Warehouse } from "../client";
import { storedRunOutcomes } from "../label-freshness/evaluator-runs";
import { syncMarks, type SyncMark } from "./sync-marks";
import { labelsCompleteThroughMs } from "./writeback";

/** How far a tenant's verdicts are in Langfuse, for the exporter's gauge and the API's tenant status. */
export interface WritebackStatus {
  tenantId: string;
  /** Label rows evaluated up to here are in Langfuse (0: nothing written yet). */
  writtenThroughMs: number;
  /** The evaluator's labels are complete up to here (0: it never finished a run for the tenant). */
  labelsThroughMs: number;
  /** How far the write-back is behind the labels: 0 when every finished label is in Langfuse. */
  lagMs: number;
  lastSuccessAtMs: number | null;
  /** The newest pass failed: its redacted error; null when the newest pass succeeded (or none ran). */
  failing: string | null;
}

/** The write-back status of one tenant (a tenant never configured has no write-back: all zero and null). */
export async function writebackStatus(w: Warehouse, tenantId: string): Promise<WritebackStatus> {
  return statusOf(
    tenantId,
    (await syncMarks(w, "writeback", tenantId)).get(tenantId),
    await labelsCompleteThroughMs(w, tenantId),
  );
}

/**
 * The write-back status of every tenant the write-back ever ran a pass for (the configured ones),
 * for the exporter, in two reads whatever the number of tenants.
 */
export async function writebackStatuses(w: Warehouse): Promise<WritebackStatus[]> {
  const marks = await syncMarks(w, "writeback");
  const runs = await storedRunOutcomes(w);
  const labelsThrough = new Map(runs.filter((run) => run.succeeded).map((run) => [run.tenantId, run.atMs]));
  return [...marks.values()].map((mark) => statusOf(mark.tenantId, mark, labelsThrough.get(mark.tenantId) ?? 0));
}

function statusOf(tenantId: string, mark: SyncMark | undefined, labelsThroughMs: number): WritebackStatus {
  const writtenThroughMs = mark?.markMs ?? 0;
  return {
    tenantId,
    writtenThroughMs,
    labelsThroughMs,
    lagMs: Math.max(0, labelsThroughMs - writtenThroughMs),
    lastSuccessAtMs: mark?.lastSuccessAtMs ?? null,
    failing: mark?.failing ?? null,
  };
}
