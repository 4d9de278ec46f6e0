export * from "./client";
export * from "./insert-rows";
export * from "./client-log";
export * from "./stale-socket";
export * from "./sql/escape";
export * from "./sql/ddl";
export * from "./sql/join";
export {
  lockHolderOf,
  lockTableDdl,
  withTableLock,
  type HeldLock,
  type LockHolder,
  type TableLockOptions,
} from "./sql/table-lock";
export * from "./migrate/migrations";
export * from "./migrate/runner";
export * from "./sink/rows";
export * from "./sink/fact-tables";
export * from "./sink/write-facts";
export { markCalls } from "./sink/call-marks";
export { TOOL_CALL_RULES_SOURCE } from "./sink/foreign-tool-calls";
export * from "./privacy/tenant-privacy";
export { applyQueryTextPolicy, storedQueryText } from "./privacy/query-text-policy";
export { applyAnswerTextPolicy, storedTextRow } from "./privacy/answer-text-policy";
export { eraseUser, userHashOf, type Erasure } from "./privacy/erase-user";
export { applyRetention, retentionCutoffMs, retentionLine, type TenantRetention } from "./privacy/retention";
export { anyRetention, runRetentionRound } from "./privacy/retention-round";
export { TENANT_TABLE_NAMES, TENANT_TABLES } from "./privacy/tenant-tables";
export * from "./queries/query-input";
// The metric catalog, for the services that read contracts through the warehouse (the exporter).
export {
  ALERTABLE_METRICS,
  METRIC_CATALOG,
  METRIC_COUNTS,
  type AlertableMetricName,
} from "@answerscope/contracts/metrics";
export * from "./metrics/latency-histogram";
export * from "./metrics/query-metrics";
export * from "./metrics/dimension-rollup";
export { labelCountsBySessionSql } from "./metrics/label-counts";
export { exactQuantilesSql, responseRatioColumnsSql } from "./metrics/response-ratios-sql";
export * from "./facts/index";
export * from "./queries/index";
export * from "./outcomes/index";
export * from "./langfuse/index";
export * from "./judge/index";
export * from "./repairs/index";
export * from "./periodic";
export * from "./service-log";
export * from "./role-warehouse";
export * from "./keys/index";
export { DataDirLockedError, LOCK_FILE } from "./engine/data-dir-lock";
