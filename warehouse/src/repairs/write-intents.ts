import { randomUUID } from "node:crypto";
import type { Warehouse } from "../client";
import { insertRows } from "../insert-rows";
import { sqlValue } from "../sql/escape";
import type { FactBatch } from "../sink/fact-tables";
import { secondsOf, viewRepairScopes, type ViewRepairScope } from "./repair-scope";
import { readRepairScopes, recordViewRepairs, type PendingViewRepair } from "./view-repairs-table";

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

const intentRow = (scope: ViewRepairScope, intentId: string, expiresAtMs: number, sign: 1 | -1): IntentRow => ({
  tenant_id: scope.tenantId,
  intent_id: intentId,
  hour_starts: scope.hourStarts.map(secondsOf),
  min_ingested_at_ms: scope.minIngestedAtMs,
  expires_at_ms: expiresAtMs,
  sign,
});

/** One intent row per tenant of the batch's responses and tool-call events (the facts that feed views). */
export function intentRows(batch: Pick<FactBatch, "responses" | "toolCalls">, expiresAtMs: number): IntentRow[] {
  return viewRepairScopes(batch).map((scope) => intentRow(scope, randomUUID(), expiresAtMs, 1));
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
      await insertRows(this.warehouse, "write_intents", [...cancellations, ...rows]);
    } catch (error) {
      this.cancellations = [...cancellations, ...this.cancellations];
      throw error;
    }
  }
}

/** Intents still open at `nowMs` past their expiry (writes that may have left views short), as the repairs they become. */
export const expiredWriteIntents = (w: Warehouse, nowMs: number): Promise<PendingViewRepair[]> =>
  readRepairScopes(w, {
    table: "write_intents",
    idColumn: "intent_id",
    having: `sum(sign) > 0 AND max(expires_at_ms) < ${sqlValue(nowMs)}`,
    orderBy: "min_ingested_at_ms",
  });

/**
 * Turns every expired open intent into a pending view repair of the same id, then cancels it.
 * Safe to run in several processes at once: a repair recorded twice under one id is one repair,
 * and an intent cancelled twice stays cancelled. Returns how many were turned.
 */
export async function promoteExpiredIntents(w: Warehouse, nowMs = Date.now()): Promise<number> {
  const expired = await expiredWriteIntents(w, nowMs);
  if (expired.length === 0) return 0;
  await recordViewRepairs(w, expired);
  await insertRows(
    w,
    "write_intents",
    expired.map((intent) => intentRow(intent, intent.repairId, 0, -1)),
  );
  return expired.length;
}
