// Public API of @answerscope/runtime: what every Answerscope service shares (README.md).
export * from "./http/service-server";
export * from "./http/health-routes";
export * from "./http/match-path";
export * from "./http/respond";
export * from "./http/read-body";
export * from "./http/request-id";
export * from "./http/token-bucket";
export * from "./logging/logger";
export * from "./auth/key-ring";
export * from "./auth/key-ring-metrics";
export * from "./config/parse-env";
export * from "./lifecycle/process-lifecycle";
export * from "./config/settings";
