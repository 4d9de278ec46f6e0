import net from "node:net";

export interface TcpProxy {
  url: string;
  /** Stops listening and cuts every connection still open. */
  close(): Promise<void>;
}

/**
 * A TCP proxy on a free local port to `targetUrl`'s host and port: `wire` moves the bytes of each
 * connection (and decides what to lose); either side closing or failing closes the other.
 */
export async function startTcpProxy(
  targetUrl: string,
  wire: (client: net.Socket, upstream: net.Socket) => void,
): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(a);
      a.on("error", () => b.destroy());
      a.on("close", () => {
        sockets.delete(a);
        b.destroy();
      });
    }
    wire(client, upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
