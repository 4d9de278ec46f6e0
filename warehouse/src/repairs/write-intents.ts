import { randomUUID } from "node:crypto";
import type { Warehouse } from "../client";
import { queryRows } from "../client";
import { sqlValue } from "../sql/escape";
import type { FactBatch } from "../sink/fact-tables";
import { viewRepairScopes } from "./repair-scope";
import { recordViewRepairs, type PendingViewRepair } from "./view-repairs-table";

/** A row of write_intents (migration 0010). */
interface IntentRow {
  tenant_id: string;
  intent_id: string;
  hour_starts: number[];
  min_ingested_at_ms: number;
  expires_at_ms: number;
  sign: 1 | -1;
}

/** What `open` recorded for one write, for `close` to cancel. */
export interface WriteIntent {
  readonly rows: readonly IntentRow[];
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/** One intent row per tenant of the batch's responses and tool-call events (the facts that feed views). */
export function intentRows(batch: Pick<FactBatch, "responses" | "toolCalls">, expiresAtMs: number): IntentRow[] {
  return viewRepairScopes(batch).map((scope) => ({
    tenant_id: scope.tenantId,
    intent_id: randomUUID(),
    hour_starts: scope.hourStarts.map(seconds),
    min_ingested_at_ms: scope.minIngestedAtMs,
    expires_at_ms: expiresAtMs,
    sign: 1,
  }));
}

/**
 * The writing process's side of migration 0010: a write is announced before it runs and
 * cancelled once it has returned, so one that never returned (the process killed) or failed is
 * found by the view repairer after `expiryMs`. Cancellations ride on the next announcement, or
 * on `flush` (the repair loop's, every round), so a write costs one extra small INSERT. A
 * cancellation lost with the process only makes a repair run that finds nothing to add.
 */
export class WriteIntents {
  private cancellations: IntentRow[] = [];

  constructor(
    private readonly warehouse: Warehouse,
    /** How long after its announcement a write is given up on: longer than any write can take. */
    private readonly expiryMs: number,
  ) {}

  /** Records the batch's intent; the write must not start unless this resolved. */
  async open(batch: Pick<FactBatch, "responses" | "toolCalls">): Promise<WriteIntent> {
    const rows = intentRows(batch, Date.now() + this.expiryMs);
    if (rows.length > 0) await this.insert(rows);
    return { rows };
  }

  /** The write returned: its intent is cancelled with the next INSERT. Never called for a failed write. */
  close(intent: WriteIntent): void {
    this.cancellations.push(...intent.rows.map((row) => ({ ...row, sign: -1 as const })));
  }

  /** Stores the cancellations waiting; kept for the next call if that fails. */
  async flush(): Promise<void> {
    if (this.cancellations.length > 0) await this.insert([]);
  }

  private async insert(rows: IntentRow[]): Promise<void> {
    const cancellations = this.cancellations;
    this.cancellations = [];
    try {
      await this.warehouse.client.insert({ table: this.warehouse.table("write_intents"), values: [...cancellations, ...rows], format: "JSONEachRow" });
    } catch (error) {
      this.cancellations = [...cancellations, ...this.cancellations];
      throw error;
    }
  }
}

/** Intents still open at `nowMs` past their expiry (writes that may have left views short), as the repairs they become. */
export async function expiredWriteIntents(w: Warehouse, nowMs: number): Promise<PendingViewRepair[]> {
  const rows = await queryRows<{ tenant_id: string; intent_id: string; hour_starts: number[]; min_ingested_at_ms: number }>(
    w,
    `SELECT tenant_id, intent_id, any(arrayMap(hour -> toUInt32(hour), hour_starts)) AS hour_starts, min(min_ingested_at_ms) AS min_ingested_at_ms
     FROM ${w.table("write_intents")} GROUP BY tenant_id, intent_id
     HAVING sum(sign) > 0 AND max(expires_at_ms) < ${sqlValue(nowMs)} ORDER BY min_ingested_at_ms`,
  );
  return rows.map((row) => ({ tenantId: row.tenant_id, repairId: row.intent_id, hourStarts: row.hour_starts.map((hour) => Number(hour) * 1000), minIngestedAtMs: Number(row.min_ingested_at_ms) }));
}

/**
 * Turns every expired open intent into a pending view repair of the same id, then cancels it.
 * Safe to run in several processes at once: a repair recorded twice under one id is one repair,
 * and an intent cancelled twice stays cancelled. Returns how many were turned.
 */
export async function promoteExpiredIntents(w: Warehouse, nowMs = Date.now()): Promise<number> {
  const expired = await expiredWriteIntents(w, nowMs);
  if (expired.length === 0) return 0;
  await recordViewRepairs(w, expired);
  await w.client.insert({
    table: w.table("write_intents"),
    values: expired.map((intent) => ({ tenant_id: intent.tenantId, intent_id: intent.repairId, hour_starts: intent.hourStarts.map(seconds), min_ingested_at_ms: intent.minIngestedAtMs, expires_at_ms: 0, sign: -1 })),
    format: "JSONEachRow",
  });
  return expired.length;
}
