import type { FigureStatus } from "@answerscope/contracts/metrics";
import { z } from "zod";
import { FIGURE_STATUSES } from "@answerscope/contracts/metrics";

/** A figure that may not be computable: its value only when its denominator reaches the minimum sample. */
export const FigureSchema = z.object({
  value: z.number().nullable().describe("numerator / denominator; null unless status is ok (never 0 for no data)"),
  numerator: z.number().nullable().describe("null when labels cover none of the range"),
  denominator: z.number().int().nullable().describe("the sample size; null when labels cover none of the range"),
  status: z
    .enum(FIGURE_STATUSES)
    .describe(
      "ok; insufficient_sample (denominator below the minimum sample); no_data (denominator 0); labels_unavailable (labels cover none of the range)",
    ),
});
export type Figure = z.output<typeof FigureSchema>;

/** Whether a ratio can be read, from its denominator and the labels' coverage. */
export function figureStatus(denominator: number, minSample: number, labelsAvailable: boolean): FigureStatus {
  if (!labelsAvailable) return "labels_unavailable";
  if (denominator <= 0) return "no_data";
  return denominator < minSample ? "insufficient_sample" : "ok";
}

/** numerator / denominator as a Figure: null below the minimum sample, all null without labels. */
export function figureOf(numerator: number, denominator: number, minSample: number, labelsAvailable: boolean): Figure {
  const status = figureStatus(denominator, minSample, labelsAvailable);
  if (status === "labels_unavailable") return { value: null, numerator: null, denominator: null, status };
  return { value: status === "ok" ? numerator / denominator : null, numerator, denominator, status };
}
