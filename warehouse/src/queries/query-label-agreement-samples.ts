import { EXTERNAL_SOURCE_PATTERN } from "@answerscope/contracts";
import { z } from "zod";
import { queryRows, type Warehouse } from "../client";
import { sqlValue } from "../sql/escape";
import { labelPairsSql } from "./query-label-agreement";
import { FiltersSchema, OUTCOME_LABELS } from "./query-input";
import { isoFromMs, orderedRange, rangeShape, TimestampSchema } from "./query-range";

export const LabelAgreementSamplesQuerySchema = z
  .object({
    ...rangeShape,
    source: z.string().regex(EXTERNAL_SOURCE_PATTERN),
    /** The cell: Answerscope's label (pending: not final or not evaluated) and the external label. */
    answerscopeLabel: z.enum(OUTCOME_LABELS),
    externalLabel: z.string().min(1).max(64),
    filters: FiltersSchema.default({}),
    limit: z.number().int().min(1).max(200).default(50),
  })
  .refine(...orderedRange);
export type LabelAgreementSamplesQueryInput = z.input<typeof LabelAgreementSamplesQuerySchema>;

export const LabelAgreementSampleSchema = z.object({
  response_id: z.string(),
  occurred_at: TimestampSchema,
  answerscope_label: z.enum(OUTCOME_LABELS),
  label_reason: z.string().nullable().describe("the rule that gave Answerscope's label; null when not evaluated"),
  external_label: z.string(),
  external_evaluated_at: TimestampSchema,
});
export const LabelAgreementSamplesResultSchema = z.object({
  samples: z.array(LabelAgreementSampleSchema).describe("the cell's responses, newest first, at most limit"),
});
export type LabelAgreementSamplesResult = z.output<typeof LabelAgreementSamplesResultSchema>;

type SampleRow = {
  response_id: string;
  occurred_at_ms: number;
  answerscope_label: string;
  label_reason: string;
  external_label: string;
  external_evaluated_at_ms: number;
};

/** GET /api/v1/label-agreement/samples: the responses behind one cell of the agreement matrix. */
export async function queryLabelAgreementSamples(
  warehouse: Warehouse,
  input: LabelAgreementSamplesQueryInput,
): Promise<LabelAgreementSamplesResult> {
  const query = LabelAgreementSamplesQuerySchema.parse(input);
  // Not evaluated yet ('') is shown as pending, as in the matrix.
  const answerscope =
    query.answerscopeLabel === "pending"
      ? "answerscope_label IN ('', 'pending')"
      : `answerscope_label = ${sqlValue(query.answerscopeLabel)}`;
  const rows = await queryRows<SampleRow>(
    warehouse,
    `SELECT response_id, occurred_at_ms, answerscope_label, label_reason, external_label, external_evaluated_at_ms FROM (${labelPairsSql(warehouse, query)})
     WHERE has_external = 1 AND external_label = ${sqlValue(query.externalLabel)} AND ${answerscope}
     ORDER BY occurred_at_ms DESC, response_id DESC LIMIT ${sqlValue(query.limit)}`,
  );
  return {
    samples: rows.map((row) => ({
      response_id: row.response_id,
      occurred_at: isoFromMs(Number(row.occurred_at_ms)),
      answerscope_label:
        row.answerscope_label === "" ? "pending" : (row.answerscope_label as (typeof OUTCOME_LABELS)[number]),
      label_reason: row.label_reason === "" ? null : row.label_reason,
      external_label: row.external_label,
      external_evaluated_at: isoFromMs(Number(row.external_evaluated_at_ms)),
    })),
  };
}
