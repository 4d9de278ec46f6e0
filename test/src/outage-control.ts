import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { ClickHouseOutage } from "./clickhouse-outage";

type Switch = Pick<ClickHouseOutage, "stop" | "start">;

/**
 * Serves an outage's stop and start over HTTP (POST /stop, POST /start), for tests running in
 * another process than the one holding it: the browser suite's stack lives in its global setup,
 * and a proxy in front of an external ClickHouse can only be cut from there.
 */
export async function serveOutageControl(outage: Switch): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const action =
      request.method === "POST" ? { "/stop": outage.stop, "/start": outage.start }[request.url ?? ""] : undefined;
    if (!action) return void response.writeHead(404).end();
    action().then(
      () => response.writeHead(204).end(),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The stop and start of an outage served by serveOutageControl at `url`. */
export function remoteOutage(url: string): Switch {
  const post = async (path: string) => {
    const response = await fetch(`${url}${path}`, { method: "POST" });
    if (!response.ok) throw new Error(`outage control ${path} answered ${response.status}: ${await response.text()}`);
  };
  return { stop: () => post("/stop"), start: () => post("/start") };
}
