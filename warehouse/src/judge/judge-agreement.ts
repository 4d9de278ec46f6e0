import { z } from "zod";
import { queryRows, type Warehouse } from "../client";
import { tenantCondition } from "../facts/sql-fragments";
import { currentLabelsSql } from "../outcomes/current-labels";
import { matchingResponseIdsSql, matchingResponsesSql } from "../queries/matching-responses";
import { wilsonInterval, Z_95 } from "../queries/proportion-tests";
import { FiltersSchema, OUTCOME_LABELS, type OutcomeLabel } from "../queries/query-input";
import { orderedRange, rangeShape } from "../queries/query-range";
import { joinUsing } from "../sql/join";
import { JUDGE_SCORE_NAMES } from "./prompt";

/** The judge calls an answer good when the mean of its five scores is at least this. */
export const JUDGE_GOOD_MEAN = 4;

export const JudgeAgreementQuerySchema = z
  .object({ ...rangeShape, filters: FiltersSchema.default({}) })
  .refine(...orderedRange);
export type JudgeAgreementQueryInput = z.input<typeof JudgeAgreementQuerySchema>;

const count = z.number().int();
const MeanSchema = z.object({
  mean: z.number().nullable().describe("null without judged answers"),
  ci_low: z.number().nullable().describe("normal 95 % interval of the mean; null below 2 judged answers"),
  ci_high: z.number().nullable(),
});

export const JudgeLabelRowSchema = z.object({
  label: z.enum(OUTCOME_LABELS).describe("the answer's current outcome label; pending: not final yet"),
  judged: count.describe("answers with this label and a judge score (the means' sample size)"),
  scores: z.object(
    Object.fromEntries(JUDGE_SCORE_NAMES.map((name) => [name, MeanSchema])) as Record<
      (typeof JUDGE_SCORE_NAMES)[number],
      typeof MeanSchema
    >,
  ),
  judge_good: count.describe(`of those, answers whose five scores average ${JUDGE_GOOD_MEAN} or more`),
  judge_good_rate: z.number().nullable().describe("judge_good / judged; null when judged is 0"),
  judge_good_ci_low: z.number().nullable().describe("Wilson 95 % interval of judge_good_rate"),
  judge_good_ci_high: z.number().nullable(),
});

export const JudgeAgreementResultSchema = z.object({
  judged: count.describe("answers in range (after filters) with a judge score"),
  errors: count.describe("answers in range whose judge call failed (timeout, HTTP error, malformed output): no score"),
  by_label: z
    .array(JudgeLabelRowSchema)
    .describe("one row per outcome label with judged answers, in the labels' order"),
});
export type JudgeAgreementResult = z.output<typeof JudgeAgreementResultSchema>;

/** Subquery: each response's latest judge row of the tenant. */
function latestJudgementsSql(w: Warehouse, tenantId: string): string {
  const scores = JUDGE_SCORE_NAMES.join(", ");
  return `SELECT response_id, status, ${scores} FROM ${w.table("judge_scores")}
    WHERE ${tenantCondition(tenantId)}
    ORDER BY response_id, judged_at_ms DESC
    LIMIT 1 BY response_id`;
}

/** Mean and its normal 95 % interval from n, Σx and Σx². */
function meanOf(n: number, sum: number, sumSquares: number): z.output<typeof MeanSchema> {
  if (n === 0) return { mean: null, ci_low: null, ci_high: null };
  const mean = sum / n;
  if (n < 2) return { mean, ci_low: null, ci_high: null };
  const variance = Math.max(0, (sumSquares - n * mean * mean) / (n - 1));
  const half = Z_95 * Math.sqrt(variance / n);
  return { mean, ci_low: mean - half, ci_high: mean + half };
}

type LabelRow = { label: string; status: string; n: number; good: number } & Record<string, number | string>;

/**
 * GET /api/v1/judge: for the answers in [from, to) (their current version's time, filters as every
 * metric), the LLM judge's mean scores per outcome label, with intervals, and how often the judge
 * calls an answer good per label: where it agrees with what users did (high on excellent and good,
 * low on bad and failed), a team can trust it. Judge scores never enter the labels themselves.
 */
export async function queryJudgeAgreement(
  w: Warehouse,
  input: JudgeAgreementQueryInput,
): Promise<JudgeAgreementResult> {
  const query = JudgeAgreementQuerySchema.parse(input);
  const inRange = { tenantId: query.tenantId, from: query.from, to: query.to, filters: query.filters };
  const matching = `SELECT response_id FROM (${matchingResponsesSql(w, inRange)})`;
  const labels = currentLabelsSql(w, { tenantId: query.tenantId, responseIds: matchingResponseIdsSql(w, inRange) });
  const judged = joinUsing(matching, "ANY INNER", latestJudgementsSql(w, query.tenantId), ["response_id"]);
  const withLabel = joinUsing(`SELECT * FROM ${judged}`, "ANY LEFT", `SELECT response_id, label FROM (${labels})`, [
    "response_id",
  ]);
  const mean = `(${JUDGE_SCORE_NAMES.join(" + ")}) / ${JUDGE_SCORE_NAMES.length}`;
  const sums = JUDGE_SCORE_NAMES.map((name) => `sum(${name}) AS sum_${name}, sum(${name} * ${name}) AS sq_${name}`);
  const rows = await queryRows<LabelRow>(
    w,
    `SELECT label, status, count() AS n, countIf(${mean} >= ${JUDGE_GOOD_MEAN}) AS good, ${sums.join(", ")}
     FROM ${withLabel} GROUP BY label, status`,
  );
  const result: JudgeAgreementResult = { judged: 0, errors: 0, by_label: [] };
  const byLabel = new Map<OutcomeLabel, LabelRow[]>();
  for (const row of rows) {
    if (row.status !== "ok") {
      result.errors += Number(row.n);
      continue;
    }
    result.judged += Number(row.n);
    const label: OutcomeLabel = row.label === "" || row.label === "pending" ? "pending" : (row.label as OutcomeLabel);
    byLabel.set(label, [...(byLabel.get(label) ?? []), row]);
  }
  for (const label of OUTCOME_LABELS) {
    const group = byLabel.get(label);
    if (!group) continue;
    const total = (column: string) => group.reduce((sum, row) => sum + Number(row[column]), 0);
    const n = total("n");
    const good = total("good");
    const interval = wilsonInterval(good, n);
    result.by_label.push({
      label,
      judged: n,
      scores: Object.fromEntries(
        JUDGE_SCORE_NAMES.map((name) => [name, meanOf(n, total(`sum_${name}`), total(`sq_${name}`))]),
      ) as z.output<typeof JudgeLabelRowSchema>["scores"],
      judge_good: good,
      judge_good_rate: good / n,
      judge_good_ci_low: interval.low,
      judge_good_ci_high: interval.high,
    });
  }
  return result;
}
