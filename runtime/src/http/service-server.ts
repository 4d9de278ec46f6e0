import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createLogger, errorClass, errorFrames, type Logger } from "../logging/logger";
import { healthRoutes, type Exposition } from "./health-routes";
import { matchPath } from "./match-path";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id";
import { HttpError, sendError, sendJson, type ErrorEncoder } from "./respond";

/** `params` holds the decoded `{name}` segments of the route's path template. */
export type Handler = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  params: Record<string, string>,
) => Promise<void>;

export interface Route {
  method: "GET" | "POST";
  /** An exact path, or a template whose `{name}` segments match one non-empty path segment each. */
  path: string;
  handler: Handler;
  /** How the route's error answers are worded (respond.ts); the API's `{"error": ...}` when not given. */
  errorBody?: ErrorEncoder;
}

export interface ServiceHttpOptions {
  routes: Route[];
  /** What /metrics serves (registryExposition(registry) for a prom-client Registry). */
  metrics: Exposition;
  /** Readiness: the broker or warehouse this process depends on answers. */
  isReady: () => boolean | Promise<boolean>;
  /** Where each request's line and each unhandled error go (a logger of its own when not given). */
  logger?: Logger;
  /** A browser origin allowed to call the routes (CORS, e.g. a dashboard); absent: no CORS headers. */
  corsOrigin?: string;
}

/** The process's HTTP face: its routes plus /healthz, /readyz and /metrics. */
export function createServiceServer(options: ServiceHttpOptions): Server {
  const routes: Route[] = [...healthRoutes(options), ...options.routes];
  const logger = options.logger ?? createLogger("http");
  const probes = new Set(["/healthz", "/readyz", "/metrics"]);
  return createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const requestId = requestIdOf(req.headers[REQUEST_ID_HEADER]);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    const started = performance.now();
    let routePath = "unmatched";
    // One line per request: its route template (never the query string or a decoded value), status and time.
    res.on("finish", () => {
      const line = {
        request_id: requestId,
        method: req.method,
        route: routePath,
        status: res.statusCode,
        duration_ms: Math.round(performance.now() - started),
      };
      if (probes.has(routePath)) logger.debug(line, "request");
      else logger.info(line, "request");
    });
    if (options.corsOrigin && req.headers.origin === options.corsOrigin) {
      res.setHeader("access-control-allow-origin", options.corsOrigin);
      res.setHeader("vary", "origin");
      // The preflight a browser sends before a request with an Authorization header.
      if (req.method === "OPTIONS") {
        res.writeHead(204, {
          "access-control-allow-methods": "GET, POST",
          "access-control-allow-headers": "authorization, content-type",
          "access-control-max-age": "600",
        });
        return res.end();
      }
    }
    const matching = routes.flatMap((candidate) => {
      const params = matchPath(candidate.path, url.pathname);
      return params ? [{ route: candidate, params }] : [];
    });
    const found = matching.find((candidate) => candidate.route.method === req.method);
    if (!found) {
      return matching.length > 0
        ? sendJson(res, 405, { error: { code: "invalid_request", message: `method ${req.method} not allowed` } })
        : sendError(req, res, { code: "not_found", message: `no route ${url.pathname}` });
    }
    const { route, params } = found;
    routePath = route.path;
    route.handler(req, res, url, params).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      if (error instanceof HttpError) return sendError(req, res, error, route.errorBody);
      logger.error(
        {
          request_id: requestId,
          method: req.method,
          route: route.path,
          error_class: errorClass(error),
          stack: errorFrames(error),
        },
        "unhandled error",
      );
      sendError(req, res, { code: "internal", message: "internal error" }, route.errorBody);
    });
  });
}

export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
  });
}
