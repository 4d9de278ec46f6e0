import { queryRows, type Warehouse } from "../client";
import { insertRows } from "../insert-rows";
import { sqlList, sqlValue } from "../sql/escape";
import type { ScoreWrite } from "./outcome-scores";

/** The table of migration 0018. */
const SCORES_TABLE = "langfuse_written_scores";

/** A score as Langfuse has it from Answerscope, for the response detail. */
export interface WrittenScore {
  name: string;
  score_id: string;
  trace_id: string;
  data_type: "NUMERIC" | "CATEGORICAL";
  /** The numeric value, or null for a categorical score. */
  value: number | null;
  /** The category of a categorical score, else null. */
  string_value: string | null;
  written_at_ms: number;
}

/** Records scores Langfuse accepted, keyed by response and name (the latest row wins). */
export async function recordWrittenScores(
  w: Warehouse,
  tenantId: string,
  scores: readonly (ScoreWrite & { responseId: string })[],
  atMs = Date.now(),
): Promise<void> {
  if (scores.length === 0) return;
  await insertRows(
    w,
    SCORES_TABLE,
    scores.map((s) => ({
      tenant_id: tenantId,
      response_id: s.responseId,
      name: s.name,
      score_id: s.id,
      trace_id: s.traceId,
      data_type: s.dataType,
      value: typeof s.value === "number" ? s.value : 0,
      string_value: typeof s.value === "string" ? s.value : "",
      written_at_ms: Math.trunc(atMs),
    })),
  );
}

/** The scores last written for one response, by name. */
export async function writtenScores(w: Warehouse, tenantId: string, responseId: string): Promise<WrittenScore[]> {
  const rows = await queryRows<{
    name: string;
    score_id: string;
    trace_id: string;
    data_type: string;
    value: number;
    string_value: string;
    written_at_ms: number;
  }>(
    w,
    `SELECT name, score_id, trace_id, data_type, value, string_value, written_at_ms FROM ${w.table(SCORES_TABLE)}
     WHERE tenant_id = ${sqlValue(tenantId)} AND response_id = ${sqlValue(responseId)}
     ORDER BY name, written_at_ms DESC
     LIMIT 1 BY name`,
  );
  return rows.map((row) => {
    const categorical = row.data_type === "CATEGORICAL";
    return {
      name: row.name,
      score_id: row.score_id,
      trace_id: row.trace_id,
      data_type: categorical ? "CATEGORICAL" : "NUMERIC",
      value: categorical ? null : Number(row.value),
      string_value: categorical ? row.string_value : null,
      written_at_ms: Number(row.written_at_ms),
    };
  });
}

/**
 * The value each score of these responses last had when Langfuse accepted it, by score id: a score
 * whose value is the same is not sent again (each score is a request of its own, and Langfuse's
 * smallest plan takes 30 a minute).
 */
export async function lastWrittenValues(
  w: Warehouse,
  tenantId: string,
  responseIds: readonly string[],
): Promise<Map<string, number | string>> {
  if (responseIds.length === 0) return new Map();
  const rows = await queryRows<{ score_id: string; data_type: string; value: number; string_value: string }>(
    w,
    `SELECT score_id, data_type, value, string_value FROM ${w.table(SCORES_TABLE)}
     WHERE tenant_id = ${sqlValue(tenantId)} AND response_id IN ${sqlList(responseIds)}
     ORDER BY response_id, name, written_at_ms DESC
     LIMIT 1 BY response_id, name`,
  );
  return new Map(
    rows.map((row) => [row.score_id, row.data_type === "CATEGORICAL" ? row.string_value : Number(row.value)]),
  );
}
