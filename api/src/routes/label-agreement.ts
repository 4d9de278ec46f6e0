import { EXTERNAL_SOURCE_PATTERN } from "@answerscope/contracts";
import { LabelAgreementResultSchema, queryLabelAgreement } from "@answerscope/warehouse";
import { z } from "zod";
import { defineRoute } from "../http/api-route";
import { dimensionFilterParameters, filtersOf, rangeParameters, tenantParameter } from "../http/common-parameters";

export const labelAgreementRoute = defineRoute({
  operationId: "getLabelAgreement",
  path: "/api/v1/label-agreement",
  summary:
    "Answerscope's outcome label beside another system's label for the same responses: the matrix, agreement under the documented mapping, and responses labelled by one side only",
  description:
    "Responses whose current version is in [from, to) (filters as in /metrics); the external label is the source's latest evaluation (event external_outcome_recorded). " +
    "Mapping for source=vikingbot (a set of agreeing Answerscope labels per vikingbot label): positive_feedback ↔ excellent, good; negative_feedback ↔ bad; " +
    "reasked ↔ bad, neutral (any follow-up within 10 minutes; Answerscope calls it bad only when it re-asks by phrase); resolved ↔ good; follow_up_without_feedback ↔ good; " +
    "follow_up and labels of sources without a mapping are shown but not compared. The rules differ on purpose: vikingbot decides by feedback first, Answerscope puts a re-asking follow-up (bad) before an up rating; " +
    "vikingbot's follow-up is any user message, Answerscope's the next answer; vikingbot labels at once, Answerscope waits for the 10-minute window (pending meanwhile).",
  query: z.object({
    ...tenantParameter,
    ...rangeParameters,
    ...dimensionFilterParameters,
    source: z
      .string()
      .regex(EXTERNAL_SOURCE_PATTERN)
      .describe("the labelling system, as the events name it, e.g. vikingbot"),
  }),
  response: LabelAgreementResultSchema,
  responseName: "LabelAgreementResult",
  run: ({ warehouse, tenantId }, query) =>
    queryLabelAgreement(warehouse, {
      tenantId,
      from: query.from,
      to: query.to,
      source: query.source,
      filters: filtersOf(query),
    }),
});
