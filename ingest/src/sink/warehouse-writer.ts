import {
  applyAnswerTextPolicy,
  applyQueryTextPolicy,
  insertPrepared,
  loadPrivacyConfig,
  prepareFacts,
  TOOL_CALL_RULES_SOURCE,
  type PreparedFacts,
  type Warehouse,
  type WriteIntent,
  type WriteIntents,
} from "@answerscope/warehouse";
import { createLogger, errorClass, type Logger } from "@answerscope/runtime";
import type { IngestConfig } from "../config";
import type { IngestMetrics } from "../metrics";
import { FactBuffer } from "./fact-buffer";

export const retryPolicyOf = (config: IngestConfig, maxAttempts?: number) => ({
  minDelayMs: config.INGEST_RETRY_MIN_MS,
  maxDelayMs: config.INGEST_RETRY_MAX_MS,
  maxAttempts,
});

export interface Writer {
  warehouse: Warehouse;
  config: IngestConfig;
  metrics: IngestMetrics;
  /** Shared by the process's buffers: every write is announced before it runs (warehouse/src/repairs/). */
  intents: WriteIntents;
  /** Where a failed write's retry is told (the service's logger; one of its own when not given). */
  logger?: Logger;
}

/** The buffer a worker or the collector writes through: duplicate checks, write announcements, metrics. */
export function createFactBuffer(
  { warehouse, config, metrics, intents, logger = createLogger("ingest") }: Writer,
  limits: { maxWaitMs: number; maxHeldRows?: number; maxAttempts?: number },
) {
  const privacy = loadPrivacyConfig(config);
  return new FactBuffer<{ facts: PreparedFacts; intent: Promise<WriteIntent> }>({
    maxRows: config.INGEST_BATCH_MAX_ROWS,
    maxWaitMs: limits.maxWaitMs,
    maxHeldRows: limits.maxHeldRows,
    retry: retryPolicyOf(config, limits.maxAttempts),
    // The next batch's duplicate checks run while this one is inserted (fact-buffer.ts). The
    // announcement runs beside them; left open when the write fails or the process dies during
    // it, so the repairer then checks its hours. A check the buffer discards was never written
    // with: its announcement is closed like a write that returned.
    prepare: async (batch, pending) => {
      // Before anything reads the rows: what is stored, announced or counted is the policy's text.
      applyQueryTextPolicy(batch, privacy);
      applyAnswerTextPolicy(batch, privacy);
      const intent = intents.open(batch);
      intent.catch(() => undefined);
      return { facts: await prepareFacts(warehouse, batch, pending?.facts), intent };
    },
    discard: ({ intent }) =>
      void intent.then(
        (opened) => intents.close(opened),
        () => undefined,
      ),
    write: async (batch, { facts, intent }) => {
      const written = await insertPrepared(warehouse, facts, intent);
      intents.close(await intent);
      // Tool-call events the sink refused (another user's terminal event) are rejected rows now, not duplicates.
      const refused = facts.rejected.filter((row) => row.source === TOOL_CALL_RULES_SOURCE).length;
      const moved: Partial<Record<keyof typeof batch, number>> = { toolCalls: -refused, rejected: refused };
      for (const [kind, rows] of Object.entries(written) as [keyof typeof batch, number][]) {
        metrics.stored.inc({ table: kind }, rows);
        metrics.duplicates.inc({ table: kind }, batch[kind].length + (moved[kind] ?? 0) - rows);
      }
      if (refused > 0) metrics.rejected.inc({ reason: "forbidden" }, refused);
    },
    onRetry: (error, attempt, delayMs) => {
      metrics.insertRetries.inc();
      metrics.warehouseUp.set(0);
      // By class only: a ClickHouse error's message can quote the rows it was inserting.
      logger.warn({ attempt, delay_ms: delayMs, error_class: errorClass(error) }, "warehouse write failed, retrying");
    },
    onFlushed: (rows, seconds) => {
      metrics.warehouseUp.set(1);
      if (rows > 0) {
        metrics.batchRows.observe(rows);
        metrics.batchSeconds.observe(seconds);
      }
    },
  });
}
