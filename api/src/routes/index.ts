import type { ApiRoute } from "../http/api-route";
import { attributionRoute } from "./attribution";
import { compareRoute } from "./compare";
import { diagnosticRoute } from "./diagnostic";
import { feedbackReasonsRoute } from "./feedback-reasons";
import { feedbackTargetsRoute } from "./feedback-targets";
import { judgeRoute } from "./judge";
import { labelAgreementRoute } from "./label-agreement";
import { labelAgreementSamplesRoute } from "./label-agreement-samples";
import { labelFreshnessRoute } from "./label-freshness";
import { langfuseWritebackRoute } from "./langfuse-writeback";
import { metricsRoute } from "./metrics";
import { rejectedRoute } from "./rejected";
import { responseRoute } from "./response";
import { samplesRoute } from "./samples";
import { toolsRoute } from "./tools";

/** Every query route (docs/api.md): the first nine in the order of the original contract, then the routes added since. */
export const QUERY_ROUTES: readonly ApiRoute[] = [
  metricsRoute,
  toolsRoute,
  samplesRoute,
  responseRoute,
  feedbackTargetsRoute,
  diagnosticRoute,
  feedbackReasonsRoute,
  compareRoute,
  rejectedRoute,
  labelAgreementRoute,
  labelAgreementSamplesRoute,
  labelFreshnessRoute,
  langfuseWritebackRoute,
  attributionRoute,
  judgeRoute,
];
