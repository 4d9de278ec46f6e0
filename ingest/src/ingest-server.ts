import {
  createServiceServer,
  registryExposition,
  withKeyRingMetrics,
  type Logger,
  type Route,
} from "@answerscope/runtime";
import type { ReloadingKeyRing } from "@answerscope/warehouse";
import type { Server } from "node:http";
import { postEventsHandler, type CollectorOptions } from "./collector/post-events";
import type { IngestMetrics } from "./metrics";
import { postTracesHandler } from "./otlp/post-traces";
import { otlpErrorBody } from "./otlp/reply";

/** The ingest process's HTTP face: the collector's routes when it runs here, and the runtime's /healthz, /readyz, /metrics. */
export function createIngestServer(options: {
  metrics: IngestMetrics;
  logger: Logger;
  collector?: CollectorOptions;
  keyRing?: ReloadingKeyRing;
  isReady: () => Promise<boolean>;
}): Server {
  const routes: Route[] = options.collector
    ? [
        { method: "POST", path: "/v1/events", handler: postEventsHandler(options.collector) },
        { method: "POST", path: "/v1/traces", handler: postTracesHandler(options.collector), errorBody: otlpErrorBody },
      ]
    : [];
  const exposition = registryExposition(options.metrics.registry);
  return createServiceServer({
    routes,
    metrics: options.keyRing ? withKeyRingMetrics(exposition, options.keyRing, "answerscope_ingest_") : exposition,
    isReady: options.isReady,
    logger: options.logger,
  });
}
