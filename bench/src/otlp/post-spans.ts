import { Agent, request } from "node:http";
import { ExportTraceServiceResponse } from "@answerscope/ingest";

/** One export on `agent`'s connections: the status and the decoded ExportTraceServiceResponse. */
function exportOnce(
  agent: Agent,
  port: number,
  key: string,
  body: Uint8Array,
): Promise<{ status: number; partialSuccess: unknown }> {
  return new Promise((resolve, reject) => {
    const headers = {
      authorization: `Bearer ${key}`,
      "content-type": "application/x-protobuf",
      "content-length": body.byteLength,
    };
    const req = request({ host: "127.0.0.1", port, path: "/v1/traces", method: "POST", agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const answer = Buffer.concat(chunks);
        const decoded =
          res.statusCode === 200
            ? ExportTraceServiceResponse.toObject(ExportTraceServiceResponse.decode(answer), { longs: String })
            : {};
        resolve({ status: res.statusCode ?? 0, partialSuccess: decoded.partialSuccess });
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * Sends protobuf OTLP bodies to the collector's POST /v1/traces, `concurrency` at a time, and
 * returns the seconds until the last answer. The receiver answers 200 only once the spans' events
 * are stored, so spans ÷ seconds is the stored rate; a refusal, or a partialSuccess (a span that
 * gave no event or a rejected one), fails the measurement. Connections of this call alone: one
 * left idle while the JSON path ran would be closed by the collector as a request is sent on it.
 */
export async function postSpans(
  bodies: readonly Uint8Array[],
  { port, key, concurrency }: { port: number; key: string; concurrency: number },
): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  let next = 0;
  const sender = async () => {
    while (next < bodies.length) {
      const { status, partialSuccess } = await exportOnce(agent, port, key, bodies[next++]!);
      if (status !== 200 || partialSuccess)
        throw new Error(
          `/v1/traces answered ${status}${partialSuccess ? `, took part of the spans: ${JSON.stringify(partialSuccess)}` : ""}`,
        );
    }
  };
  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: concurrency }, sender));
  } finally {
    agent.destroy();
  }
  return (performance.now() - started) / 1000;
}
