// View repairs (migration 0009): what a failed write may have left out of the views, put back.
export { FailedWriteNotes } from "./failed-write-notes";
export { runViewRepairs, VIEW_REPAIRS_LOCK, type ViewRepairRound } from "./view-repairer";
export { repairViews, type ViewRepairOutcome } from "./repair-views";
export { clusterSettled } from "./cluster-settled";
export { pendingViewRepairs, recordViewRepairs } from "./view-repairs-table";
export { viewRepairScopes, hourRuns, type ViewRepairScope } from "./repair-scope";
