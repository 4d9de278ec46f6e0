import {
  OUTCOME_LABELS,
  querySamples,
  SAMPLE_RATINGS,
  SAMPLE_REASON_CODES,
  SamplesResultSchema,
} from "@answerscope/warehouse";
import { z } from "zod";
import { defineRoute } from "../http/api-route";
import {
  dimensionFilterParameters,
  filtersOf,
  limitParameter,
  rangeParameters,
  tenantParameter,
} from "../http/common-parameters";

export const samplesRoute = defineRoute({
  operationId: "getSamples",
  path: "/api/v1/samples",
  summary:
    "Responses in range, newest first, with their explicit rating, reason, comment, outcome label and trace link",
  description:
    "Cursor-paginated: pass next_cursor as cursor for the next page (same other parameters). Repeated rating, reason_code and label values are OR-ed.",
  query: z.object({
    ...tenantParameter,
    ...rangeParameters,
    ...dimensionFilterParameters,
    rating: z
      .array(z.enum(SAMPLE_RATINGS))
      .min(1)
      .max(SAMPLE_RATINGS.length)
      .optional()
      .describe("explicit rating; none: not rated"),
    reason_code: z
      .array(z.enum(SAMPLE_REASON_CODES))
      .min(1)
      .max(SAMPLE_REASON_CODES.length)
      .optional()
      .describe("reason_code of the explicit rating; none: rated without a reason"),
    label: z
      .array(z.enum(OUTCOME_LABELS))
      .min(1)
      .max(OUTCOME_LABELS.length)
      .optional()
      .describe("outcome label (not evaluated yet: pending)"),
    limit: limitParameter(50, 200),
    cursor: z.string().max(400).optional().describe("next_cursor of the previous page"),
  }),
  response: SamplesResultSchema,
  responseName: "SamplesResult",
  run: ({ warehouse, tenantId, traceUrlTemplate }, query) =>
    querySamples(
      warehouse,
      {
        tenantId,
        from: query.from,
        to: query.to,
        filters: filtersOf(query),
        ratings: query.rating ?? [],
        reasonCodes: query.reason_code ?? [],
        labels: query.label ?? [],
        limit: query.limit,
        cursor: query.cursor,
      },
      { traceUrlTemplate },
    ),
});
