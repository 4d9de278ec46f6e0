import net from "node:net";

export interface ClosingProxy {
  url: string;
  /** Connections cut when a second request arrived on them. */
  cut(): number;
  close(): Promise<void>;
}

/**
 * A TCP proxy to ClickHouse that behaves like a server whose keep-alive timeout ran out just as
 * the client reused the connection: it forwards a connection's first request and its answer,
 * then closes the connection when the client sends anything more on it.
 */
export async function startClosingProxy(targetUrl: string): Promise<ClosingProxy> {
  const target = new URL(targetUrl);
  let cut = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    let answered = false;
    client.on("data", (chunk) => {
      if (!answered) return void upstream.write(chunk);
      cut++;
      client.destroy();
    });
    upstream.on("data", (chunk) => {
      answered = true;
      client.write(chunk);
    });
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
    cut: () => cut,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
