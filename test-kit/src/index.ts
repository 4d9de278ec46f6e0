// The services' test harnesses, for the suites (test/) and the bench (bench/). The container
// starters are their own entry point (@answerscope/test-kit/containers): testcontainers is heavy
// and only the suites' global setup and the image check load it.
export * from "./alerting-stack";
export * from "./api-process";
export * from "./child-service";
export * from "./dashboard-build";
export * from "./dashboard-process";
export * from "./free-port";
export * from "./ingest-process";
export * from "./kafka";
export * from "./metrics-page";
export * from "./serve-process";
export * from "./service-process";
export * from "./services";
export * from "./wait-for";
