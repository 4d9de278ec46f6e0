import net from "node:net";
import type { ClickHouseOutage } from "./clickhouse-outage";

/**
 * A TCP proxy in front of a ClickHouse the suite cannot stop (one CLICKHOUSE_URL names, such as a
 * container): for everything connected through it, `stop` is the server going away (every
 * connection closed, new ones refused) and `start` its return on the same port, so processes
 * configured with `url` reconnect by themselves.
 */
export async function startCuttingProxy(targetUrl: string): Promise<ClickHouseOutage> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      a.on("error", () => b.destroy());
      a.on("close", () => b.destroy());
    }
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  let listening = false;
  const stop = async () => {
    if (!listening) return;
    listening = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  await listen(0);
  listening = true;
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop,
    start: async () => {
      if (listening) return;
      await listen(port);
      listening = true;
    },
    close: stop,
  };
}
