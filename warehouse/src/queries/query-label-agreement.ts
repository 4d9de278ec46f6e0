import { EXTERNAL_SOURCE_PATTERN } from "@answerscope/contracts";
import { z } from "zod";
import { queryRows, type Warehouse } from "../client";
import { msRange, tenantCondition, whereAll } from "../facts/sql-fragments";
import { currentLabelsSql } from "../outcomes/current-labels";
import { sqlValue } from "../sql/escape";
import { joinUsing } from "../sql/join";
import { EXTERNAL_LABEL_MAPPINGS, externalLabelRule } from "./external-label-mapping";
import { hasFilters, matchingResponseIdsSql, matchingResponsesSql } from "./matching-responses";
import { wilsonInterval } from "./proportion-tests";
import { FiltersSchema, OUTCOME_LABELS, type Filters, type OutcomeLabel } from "./query-input";
import { orderedRange, rangeShape } from "./query-range";

export const LabelAgreementQuerySchema = z
  .object({
    ...rangeShape,
    source: z.string().regex(EXTERNAL_SOURCE_PATTERN),
    filters: FiltersSchema.default({}),
  })
  .refine(...orderedRange);
export type LabelAgreementQueryInput = z.input<typeof LabelAgreementQuerySchema>;

const count = z.number().int();

export const LabelAgreementCellSchema = z.object({
  answerscope_label: z.enum(OUTCOME_LABELS).describe("pending: not final yet (or not evaluated)"),
  external_label: z.string(),
  count,
  agrees: z
    .boolean()
    .nullable()
    .describe(
      "whether the mapping counts the pair as agreeing; null: not compared (label pending, or external label not in the mapping)",
    ),
});

export const ExternalLabelAgreementSchema = z.object({
  external_label: z.string(),
  agreeing_labels: z
    .array(z.enum(OUTCOME_LABELS))
    .nullable()
    .describe("Answerscope labels the mapping counts as agreeing; null: not compared"),
  meaning: z.string().nullable(),
  labelled: count.describe("responses in range with this current external label"),
  compared: count.describe("of those, with a final Answerscope label (the rate's sample size)"),
  agreeing: count,
  agreement_rate: z.number().nullable().describe("agreeing / compared; null when compared is 0"),
});

export const LabelAgreementResultSchema = z.object({
  source: z.string(),
  mapping_known: z
    .boolean()
    .describe("false: no mapping for this source, so the matrix is shown but nothing is compared"),
  cells: z
    .array(LabelAgreementCellSchema)
    .describe("Answerscope label × current external label, responses in range with an external label"),
  by_external_label: z.array(ExternalLabelAgreementSchema),
  compared: count.describe(
    "responses with a final Answerscope label and a mapped external label: the agreement rate's sample size",
  ),
  agreeing: count,
  agreement_rate: z.number().nullable().describe("agreeing / compared; null when compared is 0"),
  agreement_ci_low: z.number().nullable().describe("Wilson 95 % interval of agreement_rate"),
  agreement_ci_high: z.number().nullable(),
  not_compared: count.describe("both labelled, but the external label is not in the mapping"),
  responses: count.describe("responses in range (after filters)"),
  only_answerscope: count.describe("responses in range with a final Answerscope label and no external label"),
  only_external: count.describe("responses in range with an external label whose Answerscope label is not final yet"),
  neither: count.describe("responses in range with neither label"),
  external_without_response: count
    .nullable()
    .describe(
      "current external labels evaluated in range whose response_id has no response in the tenant; null with dimension filters (such labels have no dimensions)",
    ),
});
export type LabelAgreementResult = z.output<typeof LabelAgreementResultSchema>;
export type LabelAgreementCell = z.output<typeof LabelAgreementCellSchema>;

/**
 * Subquery: the current external label of each response from one source, the latest evaluation
 * (occurred_at_ms, then event_id) winning. Exact before merges: duplicates of one event are equal
 * rows, and LIMIT 1 BY picks the same winner whatever parts the versions are in.
 */
export function currentExternalLabelsSql(w: Warehouse, options: { tenantId: string; source: string }): string {
  return `SELECT response_id, label, occurred_at_ms FROM ${w.table("external_outcome_labels")}
    WHERE ${tenantCondition(options.tenantId)} AND source = ${sqlValue(options.source)}
    ORDER BY response_id, occurred_at_ms DESC, event_id DESC
    LIMIT 1 BY response_id`;
}

type PairRow = { answerscope_label: string; external_label: string; has_external: number; n: number };

export interface LabelPairsOptions {
  tenantId: string;
  from: number;
  to: number;
  source: string;
  filters: Filters;
}

/**
 * Subquery: every response in range (filtered) with its current Answerscope label and label_reason
 * ('' when never evaluated) and its current external label from the source (has_external 0 when
 * none). The one definition the agreement figures and a cell's samples share.
 */
export function labelPairsSql(w: Warehouse, options: LabelPairsOptions): string {
  const inRange = { tenantId: options.tenantId, from: options.from, to: options.to, filters: options.filters };
  const matching = `SELECT response_id, occurred_at_ms FROM (${matchingResponsesSql(w, inRange)})`;
  const labels = currentLabelsSql(w, { tenantId: options.tenantId, responseIds: matchingResponseIdsSql(w, inRange) });
  // Nested joins: ClickHouse 18.16 takes one JOIN per SELECT. Unmatched rows get '' and 0.
  const withLabel = `SELECT response_id, occurred_at_ms, answerscope_label, label_reason FROM ${joinUsing(
    matching,
    "ANY LEFT",
    `SELECT response_id, label AS answerscope_label, label_reason FROM (${labels})`,
    ["response_id"],
  )}`;
  const external = `SELECT response_id, label AS external_label, occurred_at_ms AS external_evaluated_at_ms, 1 AS has_external FROM (${currentExternalLabelsSql(w, options)})`;
  return `SELECT response_id, occurred_at_ms, answerscope_label, label_reason, external_label, external_evaluated_at_ms, has_external
    FROM ${joinUsing(withLabel, "ANY LEFT", external, ["response_id"])}`;
}

const pairCountsSql = (w: Warehouse, options: LabelPairsOptions) =>
  `SELECT answerscope_label, external_label, has_external, count() AS n FROM (${labelPairsSql(w, options)}) GROUP BY answerscope_label, external_label, has_external`;

function externalWithoutResponseSql(w: Warehouse, query: LabelPairsOptions): string {
  const responses = `SELECT response_id FROM ${w.table("responses")} WHERE ${tenantCondition(query.tenantId)}`;
  return `SELECT count() AS n FROM (${currentExternalLabelsSql(w, query)})
    ${whereAll([...msRange("occurred_at_ms", query.from, query.to), `response_id NOT IN (${responses})`])}`;
}

/** A label row of response_labels that is a verdict ('' : never evaluated). */
export const isFinalLabel = (label: string): label is Exclude<OutcomeLabel, "pending"> =>
  label !== "" && label !== "pending";
const rateOf = (agreeing: number, compared: number) => (compared > 0 ? agreeing / compared : null);

/**
 * GET /api/v1/label-agreement: Answerscope's label × another system's label for the responses in
 * [from, to) (by the response's time, as every metric), with agreement under the documented
 * mapping (external-label-mapping.ts) and the counts of responses labelled by one side only.
 */
export async function queryLabelAgreement(
  warehouse: Warehouse,
  input: LabelAgreementQueryInput,
): Promise<LabelAgreementResult> {
  const query = LabelAgreementQuerySchema.parse(input);
  const [pairs, orphans] = await Promise.all([
    queryRows<PairRow>(warehouse, pairCountsSql(warehouse, query)),
    hasFilters(query.filters)
      ? Promise.resolve(null)
      : queryRows<{ n: number }>(warehouse, externalWithoutResponseSql(warehouse, query)),
  ]);

  const cells = new Map<string, LabelAgreementCell>();
  const byExternal = new Map<string, { labelled: number; compared: number; agreeing: number }>();
  const totals = {
    responses: 0,
    compared: 0,
    agreeing: 0,
    notCompared: 0,
    onlyAnswerscope: 0,
    onlyExternal: 0,
    neither: 0,
  };
  for (const row of pairs) {
    const n = Number(row.n);
    const final = isFinalLabel(row.answerscope_label);
    totals.responses += n;
    if (Number(row.has_external) !== 1) {
      if (final) totals.onlyAnswerscope += n;
      else totals.neither += n;
      continue;
    }
    const answerscopeLabel: OutcomeLabel = final ? (row.answerscope_label as OutcomeLabel) : "pending";
    const rule = externalLabelRule(query.source, row.external_label);
    const agrees = final && rule ? rule.agreeing.includes(answerscopeLabel) : null;
    const key = `${answerscopeLabel}\u0000${row.external_label}`;
    const cell = cells.get(key) ?? {
      answerscope_label: answerscopeLabel,
      external_label: row.external_label,
      count: 0,
      agrees,
    };
    cell.count += n;
    cells.set(key, cell);
    const perLabel = byExternal.get(row.external_label) ?? { labelled: 0, compared: 0, agreeing: 0 };
    perLabel.labelled += n;
    if (!final) totals.onlyExternal += n;
    else if (!rule) totals.notCompared += n;
    else {
      perLabel.compared += n;
      totals.compared += n;
      if (agrees) {
        perLabel.agreeing += n;
        totals.agreeing += n;
      }
    }
    byExternal.set(row.external_label, perLabel);
  }

  const interval = totals.compared > 0 ? wilsonInterval(totals.agreeing, totals.compared) : null;
  const labelOrder = (label: OutcomeLabel) => OUTCOME_LABELS.indexOf(label);
  return {
    source: query.source,
    mapping_known: Object.hasOwn(EXTERNAL_LABEL_MAPPINGS, query.source),
    cells: [...cells.values()].sort(
      (a, b) =>
        labelOrder(a.answerscope_label) - labelOrder(b.answerscope_label) ||
        a.external_label.localeCompare(b.external_label),
    ),
    by_external_label: [...byExternal]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([label, figures]) => {
        const rule = externalLabelRule(query.source, label);
        return {
          external_label: label,
          agreeing_labels: rule ? [...rule.agreeing] : null,
          meaning: rule?.meaning ?? null,
          ...figures,
          agreement_rate: rateOf(figures.agreeing, figures.compared),
        };
      }),
    compared: totals.compared,
    agreeing: totals.agreeing,
    agreement_rate: rateOf(totals.agreeing, totals.compared),
    agreement_ci_low: interval?.low ?? null,
    agreement_ci_high: interval?.high ?? null,
    not_compared: totals.notCompared,
    responses: totals.responses,
    only_answerscope: totals.onlyAnswerscope,
    only_external: totals.onlyExternal,
    neither: totals.neither,
    external_without_response: orphans === null ? null : Number(orphans[0]?.n ?? 0),
  };
}
