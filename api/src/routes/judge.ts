import { JudgeAgreementResultSchema, JUDGE_GOOD_MEAN, queryJudgeAgreement } from "@answerscope/warehouse";
import { z } from "zod";
import { defineRoute } from "../http/api-route";
import { dimensionFilterParameters, filtersOf, rangeParameters, tenantParameter } from "../http/common-parameters";

export const judgeRoute = defineRoute({
  operationId: "getJudgeAgreement",
  path: "/api/v1/judge",
  summary:
    "The LLM judge's scores beside the outcome labels: mean scores per label with intervals, and how often the judge calls an answer good per label",
  description:
    "Answers whose current version is in [from, to) (filters as in /metrics) with a score of the optional LLM judge (the judge role, docs/operations.md), " +
    "grouped by their current outcome label: each of the five scores' mean (1..5) with a normal 95 % interval, and the answers whose five scores " +
    `average ${JUDGE_GOOD_MEAN} or more (judge_good) with a Wilson 95 % interval. A judge that agrees with users scores excellent and good answers high and bad and failed ones low. ` +
    "Judge scores are auxiliary: they never enter the labels or any other figure. Failed judge calls count in errors, without scores.",
  query: z.object({ ...tenantParameter, ...rangeParameters, ...dimensionFilterParameters }),
  response: JudgeAgreementResultSchema,
  responseName: "JudgeAgreementResult",
  run: ({ warehouse, tenantId }, query) =>
    queryJudgeAgreement(warehouse, { tenantId, from: query.from, to: query.to, filters: filtersOf(query) }),
});
