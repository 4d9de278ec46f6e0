import type { Warehouse } from "../client";
import { queryRows } from "../client";
import { tenantCondition } from "../facts/sql-fragments";
import { tenantFactTimesSql } from "../facts/tenant-fact-times";
import { sqlValue } from "../sql/escape";

export interface TenantProgress {
  tenantId: string;
  /** Newest ingested_at_ms over the tenant's fact rows. */
  maxIngestedAtMs: number;
  /** Newest occurred_at_ms over the tenant's events of every kind (closes windows). */
  maxOccurredAtMs: number;
  /** Stored watermark: rows ingested up to it are reflected in the labels; absent: never run. */
  watermarkMs?: number;
  watermarkUpdatedAtMs?: number;
  /** The tenant's maxOccurredAtMs as the run that wrote the watermark saw it (migration 0015; 0 before it). */
  watermarkMaxOccurredAtMs?: number;
}

/**
 * Every tenant with facts (or the one asked for), with its newest times (tenant_fact_times,
 * migration 0016) and stored watermark.
 */
export async function tenantProgress(w: Warehouse, tenantId?: string): Promise<TenantProgress[]> {
  const facts = await queryRows<{ tenant_id: string; max_ingested_at_ms: number; max_occurred_at_ms: number }>(
    w,
    tenantFactTimesSql(w, tenantId),
  );
  const marks = await storedWatermarks(w, tenantId);
  return facts.map((row) => ({
    tenantId: row.tenant_id,
    maxIngestedAtMs: Number(row.max_ingested_at_ms),
    maxOccurredAtMs: Number(row.max_occurred_at_ms),
    ...marks.get(row.tenant_id),
  }));
}

/** The stored watermark of every tenant that has one (or of the one asked for). */
async function storedWatermarks(
  w: Warehouse,
  tenantId?: string,
): Promise<
  Map<string, Required<Pick<TenantProgress, "watermarkMs" | "watermarkUpdatedAtMs" | "watermarkMaxOccurredAtMs">>>
> {
  const where = tenantId === undefined ? "" : `WHERE ${tenantCondition(tenantId)}`;
  const rows = await queryRows<{ tenant_id: string; m: number; u: number; o: number }>(
    w,
    `SELECT tenant_id, argMax(watermark_ms, updated_at_ms) AS m, max(updated_at_ms) AS u, argMax(max_occurred_at_ms, updated_at_ms) AS o
     FROM ${w.table("outcome_watermarks")} ${where} GROUP BY tenant_id`,
  );
  return new Map(
    rows.map((row) => [
      row.tenant_id,
      { watermarkMs: Number(row.m), watermarkUpdatedAtMs: Number(row.u), watermarkMaxOccurredAtMs: Number(row.o) },
    ]),
  );
}

/**
 * Moves a tenant's watermark back to `watermarkMs` if it is past it, so the next evaluation
 * looks again at every row ingested after it (a view repair refilled the indexes it reads).
 */
export async function rewindWatermark(w: Warehouse, tenantId: string, watermarkMs: number): Promise<void> {
  const stored = (await storedWatermarks(w, tenantId)).get(tenantId);
  if (stored && stored.watermarkMs > watermarkMs) {
    // The labels are as the last run left them, so its maxOccurredAtMs still bounds their open windows.
    await writeWatermark(
      w,
      tenantId,
      Math.max(0, watermarkMs),
      Math.max(Date.now(), stored.watermarkUpdatedAtMs + 1),
      stored.watermarkMaxOccurredAtMs,
    );
  }
}

/**
 * Stores a tenant's watermark, with `maxOccurredAtMs`: the tenant's newest occurred_at_ms as the
 * run saw it, which that run closed every window before (candidates.ts; 0 when unknown).
 */
export async function writeWatermark(
  w: Warehouse,
  tenantId: string,
  watermarkMs: number,
  updatedAtMs: number,
  maxOccurredAtMs: number,
): Promise<void> {
  await w.client.command({
    query: `INSERT INTO ${w.table("outcome_watermarks")} (tenant_id, watermark_ms, updated_at_ms, max_occurred_at_ms)
      VALUES (${sqlValue(tenantId)}, ${sqlValue(Math.trunc(watermarkMs))}, ${sqlValue(Math.trunc(updatedAtMs))}, ${sqlValue(Math.trunc(maxOccurredAtMs))})`,
  });
}
