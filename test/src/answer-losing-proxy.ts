import net from "node:net";

export interface AnswerLosingProxy {
  url: string;
  /** Answers cut so far. */
  lost(): number;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of one of our HTTP services that loses the first `answersToLose` answers:
 * the request reaches the service whole and the service does its work, then the connection is cut
 * as its answer starts to come back, so the client cannot know whether it was done (a network
 * failure after the collector stored a batch). Everything after that is forwarded untouched.
 */
export async function startAnswerLosingProxy(targetUrl: string, answersToLose: number): Promise<AnswerLosingProxy> {
  const target = new URL(targetUrl);
  let lost = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    }
    client.pipe(upstream);
    upstream.on("data", (chunk) => {
      if (lost < answersToLose) {
        lost++;
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    upstream.on("end", () => client.end());
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      a.on("error", () => b.destroy());
      a.on("close", () => b.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    lost: () => lost,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
