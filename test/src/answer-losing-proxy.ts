import { startTcpProxy } from "./tcp-proxy";

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
  let lost = 0;
  const proxy = await startTcpProxy(targetUrl, (client, upstream) => {
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
  });
  return { ...proxy, lost: () => lost };
}
