// Public API of @answerscope/alerts: the quality exporter, the alert rule generator and the
// metric names both share.
export * from "./duration";
export * from "./metric-names";
export * from "./exporter/config";
export * from "./exporter/quality-exporter";
export * from "./exporter/service";
export * from "./exporter/windows";
export * from "./rules/rules-config";
export * from "./rules/render-rules";
export * from "./rules/alert-rules";
export * from "./rules/expand-dashboard-link";
export * from "./webhook/webhook-receiver";
