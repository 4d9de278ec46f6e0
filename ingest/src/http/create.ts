import type { Server } from "node:http";
import { postEventsHandler, type CollectorOptions } from "../collector/post-events";
import type { IngestMetrics } from "../metrics";
import { createServiceServer, type Route } from "./server";

export function createHttpServer(options: { metrics: IngestMetrics; collector?: CollectorOptions; isReady: () => Promise<boolean> }): Server {
  const routes: Route[] = options.collector ? [{ method: "POST", path: "/v1/events", handler: postEventsHandler(options.collector) }] : [];
  return createServiceServer({ routes, registry: options.metrics.registry, isReady: options.isReady, log: console.error });
}
