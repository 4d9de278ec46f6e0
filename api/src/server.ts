import {
  createLogger,
  createServiceServer,
  listen,
  loadKeyRing,
  registryExposition,
  sendJson,
  withKeyRingMetrics,
  type KeyRing,
  type Logger,
  type Route,
} from "@answerscope/runtime";
import {
  createWarehouse,
  roleWarehouse,
  startServiceKeyRing,
  warehouseConfigFromEnv,
  type ReloadingKeyRing,
  type RunningRole,
  type Warehouse,
} from "@answerscope/warehouse";
import type { Server } from "node:http";
import type { ApiConfig } from "./config";
import { routeHandler } from "./http/route-handler";
import { adminKeysRoutes, sessionRoutes } from "./keys/index";
import { buildOpenApiDocument } from "./openapi/document";
import { QUERY_ROUTES } from "./routes/index";
import { createApiMetrics } from "./service-metrics";

export const OPENAPI_PATH = "/api/v1/openapi.json";

export interface ApiServerOptions {
  warehouse: Warehouse;
  keys: KeyRing;
  traceUrlTemplate?: string;
  /** Browser origin allowed to read (the dashboard); absent: no CORS headers. */
  corsOrigin?: string;
  /** Where request lines go, and errors unless `log` is given (a logger of the api's own when not given). */
  logger?: Logger;
  log?: (message: string) => void;
  /** The stored keys' ring (which `keys` then is): adds the dashboard's session routes and the admin routes of `answerscope keys`. */
  storedKeys?: { ring: ReloadingKeyRing; adminKey: string | undefined; sessionTtlSeconds: number };
}

/** The query API's HTTP server: every query route of docs/api.md, the OpenAPI document, and /healthz /readyz /metrics. */
export function createApiServer(options: ApiServerOptions): Server {
  const metrics = createApiMetrics();
  const logger = options.logger ?? createLogger("api");
  const log = options.log ?? ((message: string) => logger.error(message));
  const document = buildOpenApiDocument();
  const routes: Route[] = [
    ...QUERY_ROUTES.map((route): Route => ({
      method: "GET",
      path: route.path,
      handler: routeHandler(route, {
        warehouse: options.warehouse,
        keys: options.keys,
        traceUrlTemplate: options.traceUrlTemplate,
        log,
        observe: (observed, status, seconds) =>
          metrics.requestSeconds.observe({ route: observed.operationId, status: String(status) }, seconds),
      }),
    })),
    ...(options.storedKeys
      ? [
          ...sessionRoutes({
            warehouse: options.warehouse,
            keys: options.storedKeys.ring,
            ttlSeconds: options.storedKeys.sessionTtlSeconds,
          }),
          ...adminKeysRoutes({
            warehouse: options.warehouse,
            keys: options.storedKeys.ring,
            adminKey: options.storedKeys.adminKey,
          }),
        ]
      : []),
    // The document describes the API; it holds no tenant data, so it needs no key.
    { method: "GET", path: OPENAPI_PATH, handler: async (_req, res) => sendJson(res, 200, document) },
  ];
  return createServiceServer({
    routes,
    metrics: options.storedKeys
      ? withKeyRingMetrics(registryExposition(metrics.registry), options.storedKeys.ring, "answerscope_api_")
      : registryExposition(metrics.registry),
    isReady: () => options.warehouse.client.ping().then((result) => result.success),
    logger,
    corsOrigin: options.corsOrigin,
  });
}

export type RunningApi = RunningRole & { port: number };

/** Starts the query API (the `api` role), on `shared` when given (answerscope serve), else on its own warehouse. */
export async function startApiService(config: ApiConfig, shared?: Warehouse): Promise<RunningApi> {
  const logger = createLogger("api");
  const { warehouse, release } = roleWarehouse(shared, () =>
    createWarehouse({ ...warehouseConfigFromEnv(config), requestTimeoutMs: config.WAREHOUSE_TIMEOUT_MS }, { logger }),
  );
  const bootstrap = loadKeyRing({ file: config.ANSWERSCOPE_KEYS_FILE, inline: config.ANSWERSCOPE_KEYS });
  const keys = await startServiceKeyRing(warehouse, bootstrap, config, (line) => logger.warn(line));
  // The operator's hint lives here and in the docs, never in the dashboard a user reads.
  logger.info(
    config.TRACE_URL_TEMPLATE
      ? `trace links: ${config.TRACE_URL_TEMPLATE}`
      : "trace links: off (set TRACE_URL_TEMPLATE, e.g. https://langfuse.example.com/project/{tenant_id}/traces/{trace_id}, to link responses to their traces)",
  );
  const storedKeys = { ring: keys, adminKey: config.ANSWERSCOPE_ADMIN_KEY, sessionTtlSeconds: config.SESSION_TTL_S };
  const server = createApiServer({
    warehouse,
    keys,
    traceUrlTemplate: config.TRACE_URL_TEMPLATE,
    corsOrigin: config.CORS_ORIGIN,
    storedKeys,
    logger,
  });
  const port = await listen(server, config.PORT, config.HOST);
  return {
    port,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await keys.stop();
      await release();
    },
  };
}
