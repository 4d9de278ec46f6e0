import { Agent, request } from "node:http";
import type { DemoMessage } from "@answerscope/demo";

export interface CollectorPosting {
  port: number;
  /** An ingest key of the messages' tenant. */
  key: string;
  /** Events per POST (NDJSON body). */
  perRequest: number;
  /** POSTs in flight at once: together more events than one of the collector's writes, so it writes full batches. */
  concurrency: number;
}

/**
 * Sends `messages` to the collector's POST /v1/events, `concurrency` requests at a time, and
 * returns the wall-clock seconds until the last was answered. The collector answers 202 only once
 * its events are stored, so the rate is the stored rate; any other answer, or an event it did not
 * accept, fails the measurement.
 */
export async function postToCollector(messages: readonly DemoMessage[], posting: CollectorPosting): Promise<number> {
  const bodies: string[] = [];
  for (let start = 0; start < messages.length; start += posting.perRequest) {
    bodies.push(
      messages
        .slice(start, start + posting.perRequest)
        .map((m) => m.value)
        .join("\n"),
    );
  }
  // Connections of this call alone: a kept-alive socket left idle while the other engine ran is
  // closed by the collector (its keep-alive timeout), and a request sent on it as it closes fails.
  const agent = new Agent({ keepAlive: true, maxSockets: posting.concurrency });
  let next = 0;
  const sender = async () => {
    while (next < bodies.length) {
      const body = bodies[next++]!;
      const sent = body.split("\n").length;
      const { status, text } = await post(agent, posting, body);
      if (status !== 202) throw new Error(`collector answered ${status}: ${text.slice(0, 300)}`);
      const { accepted } = JSON.parse(text) as { accepted: number };
      if (accepted !== sent) throw new Error(`collector accepted ${accepted} of ${sent} events: ${text.slice(0, 300)}`);
    }
  };
  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: posting.concurrency }, sender));
  } finally {
    agent.destroy();
  }
  return (performance.now() - started) / 1000;
}

function post(agent: Agent, posting: CollectorPosting, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: posting.port,
        path: "/v1/events",
        method: "POST",
        agent,
        headers: {
          authorization: `Bearer ${posting.key}`,
          "content-type": "application/x-ndjson",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
