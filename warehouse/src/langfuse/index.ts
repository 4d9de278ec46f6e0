export { loadLangfuseConfig, LangfuseEnvSchema, SecretKey, type LangfuseConfig, type LangfuseTenant } from "./config";
export { OUTCOME_EVENT_NAME, QUALITY_BY_LABEL, SCORE_NAMES, outcomeScores, type ScoreName } from "./outcome-scores";
export { stableId } from "./score-ids";
export { langfuseApi, type LangfuseApi } from "./langfuse-api";
export { startLangfuseService, startLangfuseWriteback } from "./service";
export { writeBackTenant, type WritebackResult } from "./writeback";
export { writebackStatus, writebackStatuses, type WritebackStatus } from "./writeback-status";
export { writtenScores, type WrittenScore } from "./written-scores";
export { LangfuseWritebackSchema, publishedWriteback, type LangfuseWriteback } from "./writeback-schema";
