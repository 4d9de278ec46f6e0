export { JudgeEnvSchema, loadJudgeConfig, tenantJudgeSettings, type JudgeConfig } from "./config";
export { JUDGE_PROMPT_VERSION, JUDGE_SCORE_NAMES, JudgeScoresSchema, type JudgeScoreName } from "./prompt";
export { callJudge, JUDGE_ERROR_KINDS, scoresOfCompletion, type JudgeCallResult } from "./chat-endpoint";
export { SAMPLE_BUCKETS, sampledCondition } from "./sample";
export { judgeTenant, type JudgePassResult } from "./judge-pass";
export { createJudgeMetrics } from "./judge-metrics";
export { startJudgeLoop, startJudgeService } from "./service";
export {
  JUDGE_GOOD_MEAN,
  JudgeAgreementQuerySchema,
  JudgeAgreementResultSchema,
  queryJudgeAgreement,
  type JudgeAgreementResult,
} from "./judge-agreement";
