import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface LoggedRequest {
  /** The route's path without its query (a response id's path keeps the id). */
  path: string;
  ms: number;
}

export interface RequestLog {
  url: string;
  /** The requests answered since the last take, and a fresh log. */
  take(): LoggedRequest[];
  close(): Promise<void>;
}

/**
 * A pass-through HTTP proxy between the dashboard and the query API that notes each request's
 * time to its last byte: which API answer a view waits on is the slowest of its page load's
 * (the dashboard's server components call the API; Chromium's network panel only sees the page).
 */
export async function startRequestLog(apiUrl: string): Promise<RequestLog> {
  const api = new URL(apiUrl);
  let log: LoggedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const started = performance.now();
    const upstream = request(
      { host: api.hostname, port: api.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on("end", () =>
          log.push({ path: new URL(req.url ?? "/", apiUrl).pathname, ms: performance.now() - started }),
        );
      },
    );
    upstream.on("error", (error) => res.destroy(error));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    take: () => {
      const taken = log;
      log = [];
      return taken;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
