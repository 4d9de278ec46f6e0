import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Registry } from "prom-client";
import { HttpError, sendError, sendJson } from "./respond";

/** `params` holds the decoded `{name}` segments of the route's path template. */
export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL, params: Record<string, string>) => Promise<void>;

export interface Route {
  method: "GET" | "POST";
  /** An exact path, or a template whose `{name}` segments match one non-empty path segment each. */
  path: string;
  handler: Handler;
}

/** The template's `{name}` values when `pathname` matches it, else undefined. */
export function matchPath(template: string, pathname: string): Record<string, string> | undefined {
  if (!template.includes("{")) return template === pathname ? {} : undefined;
  const want = template.split("/");
  const have = pathname.split("/");
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of want.entries()) {
    const actual = have[index]!;
    const name = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(segment)?.[1];
    if (name === undefined) {
      if (segment !== actual) return undefined;
      continue;
    }
    if (actual === "") return undefined;
    try {
      params[name] = decodeURIComponent(actual);
    } catch {
      return undefined; // malformed %-escape: no route rather than a crash
    }
  }
  return params;
}

export interface ServiceHttpOptions {
  routes: Route[];
  registry: Registry;
  /** Readiness: the broker or warehouse this process depends on answers. */
  isReady: () => Promise<boolean>;
  log?: (message: string) => void;
  /** A browser origin allowed to call the routes (CORS, e.g. a dashboard); absent: no CORS headers. */
  corsOrigin?: string;
}

/** The process's HTTP face: its routes plus /healthz, /readyz and /metrics. */
export function createServiceServer(options: ServiceHttpOptions): Server {
  const routes: Route[] = [
    { method: "GET", path: "/healthz", handler: async (_req, res) => sendJson(res, 200, { status: "ok" }) },
    {
      method: "GET",
      path: "/readyz",
      handler: async (_req, res) => {
        const ready = await options.isReady().catch(() => false);
        sendJson(res, ready ? 200 : 503, { status: ready ? "ready" : "not_ready" });
      },
    },
    {
      method: "GET",
      path: "/metrics",
      handler: async (_req, res) => {
        const text = await options.registry.metrics();
        res.writeHead(200, { "content-type": options.registry.contentType });
        res.end(text);
      },
    },
    ...options.routes,
  ];
  return createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (options.corsOrigin && req.headers.origin === options.corsOrigin) {
      res.setHeader("access-control-allow-origin", options.corsOrigin);
      res.setHeader("vary", "origin");
      // The preflight a browser sends before a request with an Authorization header.
      if (req.method === "OPTIONS") {
        res.writeHead(204, { "access-control-allow-methods": "GET, POST", "access-control-allow-headers": "authorization, content-type", "access-control-max-age": "600" });
        return res.end();
      }
    }
    const matching = routes.flatMap((candidate) => {
      const params = matchPath(candidate.path, url.pathname);
      return params ? [{ route: candidate, params }] : [];
    });
    const found = matching.find((candidate) => candidate.route.method === req.method);
    if (!found) {
      return matching.length > 0 ? sendJson(res, 405, { error: { code: "invalid_request", message: `method ${req.method} not allowed` } }) : sendError(res, "not_found", `no route ${url.pathname}`);
    }
    const { route, params } = found;
    route.handler(req, res, url, params).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      if (error instanceof HttpError) return sendError(res, error.code, error.message);
      options.log?.(`unhandled error on ${req.method} ${url.pathname}: ${error instanceof Error ? error.stack : String(error)}`);
      sendError(res, "internal", "internal error");
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
