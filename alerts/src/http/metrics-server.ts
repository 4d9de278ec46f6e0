import { createServer, type Server } from "node:http";
export interface MetricsServerOptions {
  /** The exposition text of a scrape, and its content type. */
  exposition: { render(): Promise<string>; contentType: string };
  /** Readiness: the exporter has figures to serve. */
  isReady: () => boolean;
  log?: (message: string) => void;
}

/** The exporter's HTTP face: /metrics (the last computed figures, never a query), /healthz, /readyz. */
export function createMetricsServer({ exposition, isReady, log }: MetricsServerOptions): Server {
  return createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const send = (status: number, contentType: string, body: string) => {
      res.writeHead(status, { "content-type": contentType });
      res.end(body);
    };
    if (req.method !== "GET") return send(405, "application/json", JSON.stringify({ error: "method not allowed" }));
    if (path === "/healthz") return send(200, "application/json", JSON.stringify({ status: "ok" }));
    if (path === "/readyz") return isReady() ? send(200, "application/json", JSON.stringify({ status: "ready" })) : send(503, "application/json", JSON.stringify({ status: "not_ready" }));
    if (path !== "/metrics") return send(404, "application/json", JSON.stringify({ error: `no route ${path}` }));
    exposition.render().then(
      (text) => send(200, exposition.contentType, text),
      (error: unknown) => {
        log?.(`rendering /metrics failed: ${error instanceof Error ? error.stack : String(error)}`);
        send(500, "text/plain", "internal error");
      },
    );
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
