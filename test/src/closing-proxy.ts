import { startTcpProxy } from "./tcp-proxy";

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
  let cut = 0;
  const proxy = await startTcpProxy(targetUrl, (client, upstream) => {
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
  });
  return { ...proxy, cut: () => cut };
}
