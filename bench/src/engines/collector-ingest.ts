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
    bodies.push(messages.slice(start, start + posting.perRequest).map((m) => m.value).join("\n"));
  }
  const url = `http://127.0.0.1:${posting.port}/v1/events`;
  let next = 0;
  const sender = async () => {
    while (next < bodies.length) {
      const body = bodies[next++]!;
      const sent = body.split("\n").length;
      const response = await fetch(url, { method: "POST", headers: { authorization: `Bearer ${posting.key}`, "content-type": "application/x-ndjson" }, body });
      const text = await response.text();
      if (response.status !== 202) throw new Error(`collector answered ${response.status}: ${text.slice(0, 300)}`);
      const { accepted } = JSON.parse(text) as { accepted: number };
      if (accepted !== sent) throw new Error(`collector accepted ${accepted} of ${sent} events: ${text.slice(0, 300)}`);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: posting.concurrency }, sender));
  return (performance.now() - started) / 1000;
}
