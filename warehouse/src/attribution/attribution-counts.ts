import { z } from "zod";
import { queryRows, type Warehouse } from "../client";
import { FiltersSchema } from "../queries/query-input";
import { orderedRange, rangeShape } from "../queries/query-range";
import { sqlValue } from "../sql/escape";
import {
  attributionFactsSql,
  isFinalSql,
  isNegativeSql,
  isPositiveSql,
  type AttributionScope,
} from "./attribution-facts";
import { withFollowupLabelsSql } from "./followup-labels";
import { abandonmentSql, intensitySql, type AbandonmentCounts, type IntensityCounts } from "./signal-counts";

/** The answers of the scope: how many, judged (final), positive, and the tokens of the judged ones. */
export interface AnswerCounts {
  answers: number;
  final: number;
  positive: number;
  finalTokens: number;
}

/** The negative answers of the scope and what became of their follow-ups. */
export interface RecoveryCounts {
  negatives: number;
  /** Window closed without a follow-up. */
  noNextAnswer: number;
  /** With a follow-up whose label is final, and of those the positive ones. */
  judged: number;
  recovered: number;
}

export interface JudgedCounts {
  final: number;
  positive: number;
}

/** Answers of one latency, rating and label kind: what the buckets and the rank correlations read. */
export interface LatencyGroup {
  timeCostMs: number;
  /** The explicit rating: up, down, or '' (none). */
  rating: string;
  final: boolean;
  positive: boolean;
  count: number;
}

export interface AttributionCounts {
  answers: AnswerCounts;
  recovery: RecoveryCounts;
  /** Per query_category: every judged answer of the scope. */
  categories: Map<string, JudgedCounts>;
  /** Per tool and query_category: the judged answers whose tools_used_names holds the tool. */
  toolUses: (JudgedCounts & { toolName: string; queryCategory: string })[];
  latency: LatencyGroup[];
  abandonment: AbandonmentCounts;
  intensity: IntensityCounts;
}

const judgedColumns = () => [`countIf(${isFinalSql()}) AS final`, `countIf(${isPositiveSql()}) AS positive`];

function answersSql(facts: string): string {
  return `SELECT count() AS answers, ${judgedColumns().join(", ")},
    sumIf(total_tokens, ${isFinalSql()}) AS final_tokens FROM (${facts})`;
}

/** The negatives of the scope joined with the current label of their follow-up (which may lie outside it). */
function recoverySql(w: Warehouse, scope: AttributionScope, facts: string): string {
  const negatives = `SELECT response_id, followup_response_id, window_closed FROM (${facts}) WHERE ${isNegativeSql()}`;
  return `SELECT count() AS negatives,
    countIf(followup_response_id = ${sqlValue("")} AND window_closed = 1) AS no_next_answer,
    countIf(followup_response_id != ${sqlValue("")} AND ${isFinalSql("followup_label")}) AS judged,
    countIf(followup_response_id != ${sqlValue("")} AND ${isPositiveSql("followup_label")}) AS recovered
    FROM ${withFollowupLabelsSql(w, scope.tenantId, negatives, { label: "followup_label" })}`;
}

const categoriesSql = (facts: string) =>
  `SELECT query_category, ${judgedColumns().join(", ")} FROM (${facts}) GROUP BY query_category`;

/** A tool named twice in one answer counts once: DISTINCT over (answer, tool) before counting. */
const toolUsesSql = (facts: string) =>
  `SELECT tool_name, query_category, ${judgedColumns().join(", ")} FROM (
    SELECT DISTINCT response_id, tool_name, query_category, label FROM (
      SELECT response_id, arrayJoin(tools_used_names) AS tool_name, query_category, label FROM (${facts})
    )
  ) GROUP BY tool_name, query_category`;

/**
 * Grouped by exact latency (not by bucket): the rank correlation needs every tie, and the buckets
 * are summed from the same rows, so both read one answer.
 */
const latencySql = (facts: string) =>
  `SELECT time_cost_ms, explicit_rating, toUInt8(${isFinalSql()}) AS is_final, toUInt8(${isPositiveSql()}) AS is_positive,
    count() AS n FROM (${facts}) GROUP BY time_cost_ms, explicit_rating, is_final, is_positive`;

type Row = Record<string, string | number>;
const num = (value: string | number | undefined) => Number(value ?? 0);

export const AttributionQuerySchema = z
  .object({ ...rangeShape, filters: FiltersSchema.default({}) })
  .refine(...orderedRange);
export type AttributionQueryInput = z.input<typeof AttributionQuerySchema>;

/** Every count behind the attribution figures of one scope (docs/metrics.md "Attribution"); validates before any read. */
export async function readAttributionCounts(w: Warehouse, input: AttributionQueryInput): Promise<AttributionCounts> {
  const scope: AttributionScope = AttributionQuerySchema.parse(input);
  const facts = attributionFactsSql(w, scope);
  const [answers, recovery, categories, toolUses, latency, abandonment, intensity] = await Promise.all(
    [
      answersSql(facts),
      recoverySql(w, scope, facts),
      categoriesSql(facts),
      toolUsesSql(facts),
      latencySql(facts),
      abandonmentSql(w, scope, facts),
      intensitySql(w, scope),
    ].map((sql) => queryRows<Row>(w, sql)),
  );
  const answerRow = answers![0] ?? {};
  const recoveryRow = recovery![0] ?? {};
  const abandonmentRow = abandonment![0] ?? {};
  const intensityRow = intensity![0] ?? {};
  return {
    answers: {
      answers: num(answerRow.answers),
      final: num(answerRow.final),
      positive: num(answerRow.positive),
      finalTokens: num(answerRow.final_tokens),
    },
    recovery: {
      negatives: num(recoveryRow.negatives),
      noNextAnswer: num(recoveryRow.no_next_answer),
      judged: num(recoveryRow.judged),
      recovered: num(recoveryRow.recovered),
    },
    categories: new Map(
      categories!.map((row) => [String(row.query_category), { final: num(row.final), positive: num(row.positive) }]),
    ),
    toolUses: toolUses!.map((row) => ({
      toolName: String(row.tool_name),
      queryCategory: String(row.query_category),
      final: num(row.final),
      positive: num(row.positive),
    })),
    latency: latency!.map((row) => ({
      timeCostMs: num(row.time_cost_ms),
      rating: String(row.explicit_rating),
      final: num(row.is_final) === 1,
      positive: num(row.is_positive) === 1,
      count: num(row.n),
    })),
    abandonment: {
      answers: num(abandonmentRow.answers),
      settled: num(abandonmentRow.settled),
      abandoned: num(abandonmentRow.abandoned),
    },
    intensity: {
      rated: num(intensityRow.rated),
      ratedDown: num(intensityRow.rated_down),
      withSeverity: num(intensityRow.with_severity),
      severitySum: num(intensityRow.severity_sum),
      repeatedDown: num(intensityRow.repeated_down),
    },
  };
}
