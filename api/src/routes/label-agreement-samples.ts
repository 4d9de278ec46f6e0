import { EXTERNAL_SOURCE_PATTERN } from "@answerscope/contracts";
import { LabelAgreementSamplesResultSchema, OUTCOME_LABELS, queryLabelAgreementSamples } from "@answerscope/warehouse";
import { z } from "zod";
import { defineRoute } from "../http/api-route";
import {
  dimensionFilterParameters,
  filtersOf,
  limitParameter,
  rangeParameters,
  tenantParameter,
} from "../http/common-parameters";

export const labelAgreementSamplesRoute = defineRoute({
  operationId: "getLabelAgreementSamples",
  path: "/api/v1/label-agreement/samples",
  summary:
    "The responses behind one cell of /label-agreement (an Answerscope label and an external label), newest first",
  description:
    "Same range, filters and source as /label-agreement; answerscope_label=pending also covers responses not evaluated yet.",
  query: z.object({
    ...tenantParameter,
    ...rangeParameters,
    ...dimensionFilterParameters,
    source: z.string().regex(EXTERNAL_SOURCE_PATTERN).describe("the labelling system, e.g. vikingbot"),
    answerscope_label: z.enum(OUTCOME_LABELS).describe("the cell's Answerscope label"),
    external_label: z.string().min(1).max(64).describe("the cell's external label, in the source's vocabulary"),
    limit: limitParameter(50, 200),
  }),
  response: LabelAgreementSamplesResultSchema,
  responseName: "LabelAgreementSamplesResult",
  run: ({ warehouse, tenantId }, query) =>
    queryLabelAgreementSamples(warehouse, {
      tenantId,
      from: query.from,
      to: query.to,
      source: query.source,
      answerscopeLabel: query.answerscope_label,
      externalLabel: query.external_label,
      filters: filtersOf(query),
      limit: query.limit,
    }),
});
