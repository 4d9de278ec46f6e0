// View repairs (migrations 0009, 0010): what an interrupted or failed write may have left out of the views, put back.
export {
  WriteIntents,
  expiredWriteIntents,
  intentRows,
  promoteExpiredIntents,
  type WriteIntent,
} from "./write-intents";
export { runViewRepairs, VIEW_REPAIRS_LOCK, type ViewRepairOptions, type ViewRepairRound } from "./view-repairer";
export { repairViews, type ViewRepairOutcome } from "./repair-views";
export { clusterSettled } from "./cluster-settled";
export { pendingViewRepairs, recordViewRepairs } from "./view-repairs-table";
export { viewRepairScopes, hourRuns, type ViewRepairScope } from "./repair-scope";
