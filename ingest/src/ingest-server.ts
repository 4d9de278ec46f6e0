import { createServiceServer, registryExposition, type Route } from "@answerscope/runtime";
import type { Server } from "node:http";
import { postEventsHandler, type CollectorOptions } from "./collector/post-events";
import type { IngestMetrics } from "./metrics";

/** The ingest process's HTTP face: the collector's routes when it runs here, and the runtime's /healthz, /readyz, /metrics. */
export function createIngestServer(options: { metrics: IngestMetrics; collector?: CollectorOptions; isReady: () => Promise<boolean> }): Server {
  const routes: Route[] = options.collector ? [{ method: "POST", path: "/v1/events", handler: postEventsHandler(options.collector) }] : [];
  return createServiceServer({ routes, metrics: registryExposition(options.metrics.registry), isReady: options.isReady, log: console.error });
}
