import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Registry } from "prom-client";
import { HttpError, sendError, sendJson } from "./respond";

export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

export interface Route {
  method: "GET" | "POST";
  path: string;
  handler: Handler;
}

export interface ServiceHttpOptions {
  routes: Route[];
  registry: Registry;
  /** Readiness: the broker or warehouse this process depends on answers. */
  isReady: () => Promise<boolean>;
  log?: (message: string) => void;
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
    const route = routes.find((candidate) => candidate.path === url.pathname && candidate.method === req.method);
    if (!route) {
      const known = routes.some((candidate) => candidate.path === url.pathname);
      return known ? sendJson(res, 405, { error: { code: "invalid_request", message: `method ${req.method} not allowed` } }) : sendError(res, "not_found", `no route ${url.pathname}`);
    }
    route.handler(req, res, url).catch((error: unknown) => {
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
