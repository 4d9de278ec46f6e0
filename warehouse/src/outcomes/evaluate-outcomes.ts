import type { Warehouse } from "../client";
import { currentResponsesSql } from "../facts/current-responses";
import { tenantCondition } from "../facts/sql-fragments";
import { sqlValue } from "../sql/escape";
import { candidateResponsesSql } from "./candidates";
import { changedLabelsSql, chunkIndexLookups } from "./changed-labels";
import { MOVED_FROM_MS, writeLabelRows } from "./label-writes";
import {
  hoursOf,
  markRollupStale,
  rebuildAllRollupHours,
  rebuildStaleRollupHours,
  tenantsWithRollup,
} from "./outcome-rollup";
import { ChunkPlan, isMemoryLimitError } from "./chunk-plan";
import type { ChunkProgress } from "./chunk-progress";
import { EvaluationSession, idsOf, TEMP_TABLES } from "./evaluation-session";
import { chunkReadBoundsSql, readBoundsOf } from "./read-bounds";
import { tenantProgress, writeWatermark, type TenantProgress } from "./watermarks";
import { recordEvaluatorRuns, WHOLE_RUN, type EvaluatorRunOutcome } from "../label-freshness/evaluator-runs";

export interface EvaluateOutcomesOptions {
  /** Only this tenant; default every tenant with new facts. */
  tenantId?: string;
  /** Wall clock (epoch ms): the rows' evaluated_at_ms and the settle cut-off. Default Date.now(). */
  now?: number;
  /**
   * ingested_at_ms is stamped when an event is received, and the row becomes visible when its
   * batch is written; rows stamped within `settleMs` before `now` may still be in flight, so
   * the watermark stops there and they are looked at again next run. Default 60 000.
   */
  settleMs?: number;
  /** Candidate responses per evaluation query: bounds the query's memory and the rows passing through Node. Default 20 000. */
  chunkSize?: number;
  /**
   * The same for a tenant's first evaluation (no watermark yet), where every response is a
   * candidate. Each chunk reads the tenant's fact tables once, so a first pass over millions of
   * responses is bounded by the number of chunks; larger chunks cost memory (about 1 GB at
   * 200 000 on the benchmark's data). Default 200 000.
   */
  firstPassChunkSize?: number;
  reaskPhrases?: readonly string[];
  /** Progress of a tenant's evaluation: after each chunk, and when chunks were halved (`split`). */
  onChunk?: (progress: ChunkProgress) => void;
}

export interface TenantOutcomeRun {
  tenantId: string;
  candidates: number;
  written: number;
  /** Hours of outcomes_1h_by_dimension rebuilt (migration 0013). */
  rollupHours: number;
  watermarkMs: number;
}

export interface EvaluateOutcomesResult {
  /** Tenants that had new facts and were evaluated. */
  tenants: number;
  /** Responses re-evaluated. */
  candidates: number;
  /** Label rows written (responses whose label row changed). */
  written: number;
  perTenant: TenantOutcomeRun[];
  durationMs: number;
}

export const DEFAULT_SETTLE_MS = 60_000;
/** The evaluator process's default pause between runs (OUTCOME_INTERVAL_MS). */
export const DEFAULT_OUTCOME_INTERVAL_MS = 5_000;
export const DEFAULT_CHUNK_SIZE = 20_000;
export const DEFAULT_FIRST_PASS_CHUNK_SIZE = 200_000;

type ResolvedOptions = EvaluateOutcomesOptions & {
  now: number;
  settleMs: number;
  chunkSize: number;
  firstPassChunkSize: number;
};

/** The changed label rows of the chunk in TEMP_TABLES.chunk. */
async function evaluateChunk(
  w: Warehouse,
  session: EvaluationSession,
  tenantId: string,
  maxOccurredAtMs: number,
  options: ResolvedOptions & { firstPass: boolean },
) {
  const responseIds = idsOf(TEMP_TABLES.chunk, "response_id");
  await session.fill(
    TEMP_TABLES.chunkSessions,
    `SELECT DISTINCT session_id FROM (${currentResponsesSql(w, { tenantId, responseIds })})`,
  );
  const sessionIds = idsOf(TEMP_TABLES.chunkSessions, "session_id");
  // A first pass's chunk is a hash-sample of the whole tenant, reaching back to its oldest month:
  // its bounds would cost a scan of the indexes and skip nothing.
  const readBounds = options.firstPass
    ? undefined
    : readBoundsOf(
        (await session.query<Record<string, unknown>>(chunkReadBoundsSql(w, { tenantId, responseIds, sessionIds })))[0],
      );
  const lookups = chunkIndexLookups(w, { tenantId, responseIds, sessionIds, readBounds });
  await session.fill(TEMP_TABLES.chunkSessionResponses, lookups.sessionResponses);
  await session.fill(TEMP_TABLES.chunkCalls, lookups.calls);
  return session.query<Record<string, unknown>>(
    changedLabelsSql(w, {
      tenantId,
      responseIds,
      sessionIds,
      readBounds,
      storedLookups: {
        sessionResponseIds: idsOf(TEMP_TABLES.chunkSessionResponses, "response_id"),
        callIds: idsOf(TEMP_TABLES.chunkCalls, "tool_call_id"),
      },
      maxOccurredAtMs,
      evaluatedAtMs: options.now,
      reaskPhrases: options.reaskPhrases,
    }),
  );
}

async function evaluateTenant(
  w: Warehouse,
  progress: TenantProgress,
  options: ResolvedOptions,
): Promise<TenantOutcomeRun> {
  const { tenantId, maxOccurredAtMs } = progress;
  const firstPass = progress.watermarkMs === undefined;
  const session = new EvaluationSession(w);
  let count = 0;
  let written = 0;
  let evaluated = 0;
  let rebuilt = 0;
  try {
    const candidates = candidateResponsesSql(w, {
      tenantId,
      sinceIngestedMs: progress.watermarkMs,
      maxOccurredAtMs,
      lastMaxOccurredAtMs: progress.watermarkMaxOccurredAtMs,
    });
    // Only ids that are responses; each once.
    await session.fill(
      TEMP_TABLES.candidates,
      `SELECT DISTINCT response_id, cityHash64(response_id) FROM ${w.table("responses")}
       WHERE ${tenantCondition(tenantId)} AND response_id IN (${candidates})`,
    );
    const counted = await session.query<{ n: number }>(`SELECT count() AS n FROM ${TEMP_TABLES.candidates.name}`);
    count = Number(counted[0]?.n ?? 0);
    const chunkSize = firstPass ? options.firstPassChunkSize : options.chunkSize;
    const plan = new ChunkPlan(Math.max(1, Math.ceil(count / chunkSize)));
    for (let chunk = plan.next(); count > 0 && chunk; chunk = plan.next()) {
      await session.fill(
        TEMP_TABLES.chunk,
        `SELECT response_id FROM ${TEMP_TABLES.candidates.name} WHERE chunk_hash % ${sqlValue(chunk.modulus)} = ${sqlValue(chunk.residue)}`,
      );
      const rows = await evaluateChunk(w, session, tenantId, maxOccurredAtMs, { ...options, firstPass }).catch(
        (error: unknown) => {
          // Memory grows with the chunk (about 15 KiB per response on the benchmark's largest
          // tenant): a server whose limit a chunk passes gets smaller chunks rather than a run
          // that fails the same way every time. Below one response per chunk nothing can help.
          if (!isMemoryLimitError(error) || plan.chunkSize(count) <= 1) throw error;
          plan.split();
          options.onChunk?.({ tenantId, candidates: count, evaluated, chunkSize: plan.chunkSize(count), split: true });
          return undefined;
        },
      );
      if (!rows) continue;
      // The rollup hours these rows change (where they are, and where a moved one was), marked
      // before the rows are written so that a crash in between leaves them for the next run.
      await markRollupStale(
        w,
        tenantId,
        hoursOf(
          rows.flatMap((row) => [Number(row.occurred_at_ms), Number(row[MOVED_FROM_MS] ?? 0)]).filter((ms) => ms > 0),
        ),
      );
      await writeLabelRows(w, rows);
      written += rows.length;
      evaluated += Number(
        (await session.query<{ n: number }>(`SELECT count() AS n FROM ${TEMP_TABLES.chunk.name}`))[0]?.n ?? 0,
      );
      plan.done();
      options.onChunk?.({ tenantId, candidates: count, evaluated, chunkSize: plan.chunkSize(count), split: false });
    }
    // A first pass builds every hour: the rollup may be missing altogether (labelled before 0013).
    rebuilt = firstPass ? await rebuildAllRollupHours(w, tenantId) : await rebuildStaleRollupHours(w, tenantId);
  } finally {
    await session.close().catch(() => undefined); // the session expires on its own anyway
  }
  // Never move backwards; stop short of rows that may still be in flight (see settleMs).
  const watermarkMs = Math.max(
    progress.watermarkMs ?? 0,
    Math.min(progress.maxIngestedAtMs, options.now - options.settleMs),
  );
  const updatedAtMs = Math.max(options.now, (progress.watermarkUpdatedAtMs ?? 0) + 1);
  await writeWatermark(w, tenantId, watermarkMs, updatedAtMs, maxOccurredAtMs);
  return { tenantId, candidates: count, written, rollupHours: rebuilt, watermarkMs };
}

/**
 * One pass of the outcome evaluator: for each tenant with facts ingested after its
 * watermark, re-evaluates the responses whose label may have changed (candidates.ts) and
 * writes a response_labels row for each one whose label row changed, then rebuilds the outcome
 * rollup hours those rows changed (outcome-rollup.ts). Tenants are processed
 * one at a time, candidates in chunks, so memory stays bounded by the chunk size.
 * The watermark is written after the tenant's labels, so a crash only repeats work.
 */
export async function evaluateOutcomes(
  w: Warehouse,
  options: EvaluateOutcomesOptions = {},
): Promise<EvaluateOutcomesResult> {
  const started = Date.now();
  const resolved = {
    ...options,
    now: Math.trunc(options.now ?? Date.now()),
    settleMs: options.settleMs ?? DEFAULT_SETTLE_MS,
    chunkSize: options.chunkSize ?? DEFAULT_CHUNK_SIZE,
    firstPassChunkSize: options.firstPassChunkSize ?? options.chunkSize ?? DEFAULT_FIRST_PASS_CHUNK_SIZE,
  };
  const perTenant: TenantOutcomeRun[] = [];
  // How the run ended, per tenant, for the API and the exporter (label-freshness/): stamped by the
  // wall clock, whatever `now` the labels are evaluated as of.
  const runAtMs = Date.now();
  let stored: TenantProgress[];
  let withRollup: Set<string>;
  try {
    withRollup = await tenantsWithRollup(w, options.tenantId);
    stored = await tenantProgress(w, options.tenantId);
  } catch (error) {
    await recordEvaluatorRuns(w, [{ tenantId: WHOLE_RUN, error }], runAtMs).catch(() => undefined); // the warehouse may be what failed
    throw error;
  }
  const outcomes: EvaluatorRunOutcome[] = [{ tenantId: WHOLE_RUN }];
  for (const tenant of stored) {
    // A tenant evaluated before migration 0013 has no rollup and no previous responses on its
    // label rows: its next run is a first pass, which writes both (the upgrade, automatically).
    const progress = withRollup.has(tenant.tenantId) ? tenant : { ...tenant, watermarkMs: undefined };
    try {
      if (!(progress.watermarkMs !== undefined && progress.maxIngestedAtMs <= progress.watermarkMs))
        perTenant.push(await evaluateTenant(w, progress, resolved));
      outcomes.push({ tenantId: tenant.tenantId });
    } catch (error) {
      // The run ends at its first failure, as before; the tenants after it are not recorded at all.
      outcomes.push({ tenantId: tenant.tenantId, error });
      await recordEvaluatorRuns(w, outcomes, runAtMs).catch(() => undefined);
      throw error;
    }
  }
  await recordEvaluatorRuns(w, outcomes, runAtMs);
  return {
    tenants: perTenant.length,
    candidates: perTenant.reduce((sum, run) => sum + run.candidates, 0),
    written: perTenant.reduce((sum, run) => sum + run.written, 0),
    perTenant,
    durationMs: Date.now() - started,
  };
}
