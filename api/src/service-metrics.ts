import { Histogram, Registry, collectDefaultMetrics } from "prom-client";

/** The query API's own metrics. Labels come from bounded sets only (route ids, status codes). */
export function createApiMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "answerscope_api_" });
  return {
    registry,
    requestSeconds: new Histogram({
      name: "answerscope_api_request_duration_seconds",
      help: "Query API requests by route and status",
      labelNames: ["route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
  };
}

export type ApiMetrics = ReturnType<typeof createApiMetrics>;
