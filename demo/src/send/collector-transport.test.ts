import { makeFeedback, makeResponseCompleted, makeToolCall } from "@answerscope/contracts";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { toDemoMessage, type DemoMessage } from "../scenario/demo-message";
import { CollectorError, createCollectorTransport, requestsOf } from "./collector-transport";

type Received = {
  authorization: string | undefined;
  contentType: string | undefined;
  url: string | undefined;
  body: string;
};
type Reply = (received: Received, res: ServerResponse) => void;

let server: Server | undefined;

/** A collector stand-in on 127.0.0.1 (port 0: any free one) that answers each request with the next reply. */
async function startCollector(replies: Reply[]): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = {
        authorization: req.headers.authorization,
        contentType: req.headers["content-type"],
        url: req.url,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      received.push(request);
      const reply = replies[Math.min(received.length - 1, replies.length - 1)] as Reply;
      reply(request, res);
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Reply =>
  (_received, res) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
const unavailable = json(503, { error: { code: "unavailable", message: "broker down, retry the batch" } });
/** Accepts everything but the events at `rejectIndexes`, like the real collector's answer. */
const acceptAllBut =
  (rejectIndexes: number[]): Reply =>
  (received, res) => {
    const events = received.contentType?.includes("ndjson")
      ? received.body.trim().split("\n")
      : (JSON.parse(received.body) as unknown[]);
    json(202, {
      accepted: events.length - rejectIndexes.length,
      rejected: rejectIndexes.map((index) => ({ index, event_id: `evt_${index}`, reason: "invalid_field:status" })),
    })(received, res);
  };

const at = (ms: number) => new Date(Date.UTC(2026, 10, 30) + ms).toISOString();
const demoMessages = (tenantId: string, count: number): DemoMessage[] =>
  Array.from({ length: count }, (_, i) =>
    toDemoMessage({
      atMs: i,
      event: makeToolCall({ event_id: `evt_${tenantId}_${i}`, tenant_id: tenantId, occurred_at: at(i) }),
    }),
  );
const keys = new Map([
  ["demo", "demo-ingest-key-0001"],
  ["acme", "acme-ingest-key-0002"],
]);

describe("collector transport", () => {
  it("retries a 503 and counts the accepted and rejected events of the 202", async () => {
    const collector = await startCollector([unavailable, acceptAllBut([1])]);
    const transport = createCollectorTransport({ url: collector.url, keys, retryBaseMs: 5 });
    const batch = demoMessages("demo", 3);

    const report = await transport.send(batch);

    expect(report).toEqual({ accepted: 2, rejected: [{ eventId: "evt_1", reason: "invalid_field:status" }] });
    expect(collector.received).toHaveLength(2);
    for (const request of collector.received) {
      expect(request).toMatchObject({
        url: "/v1/events",
        authorization: "Bearer demo-ingest-key-0001",
        contentType: "application/json",
      });
      expect(JSON.parse(request.body)).toEqual(batch.map((message) => JSON.parse(message.value)));
    }
  });

  it("sends each tenant's events under that tenant's key, in chunks of at most maxBatchEvents", async () => {
    const collector = await startCollector([acceptAllBut([])]);
    const transport = createCollectorTransport({ url: `${collector.url}/`, keys, maxBatchEvents: 2 });
    const batch = [...demoMessages("demo", 3), ...demoMessages("acme", 2)];

    expect(await transport.send(batch)).toEqual({ accepted: 5, rejected: [] });
    expect(
      collector.received.map((request) => [request.authorization, (JSON.parse(request.body) as unknown[]).length]),
    ).toEqual([
      ["Bearer demo-ingest-key-0001", 2],
      ["Bearer demo-ingest-key-0001", 1],
      ["Bearer acme-ingest-key-0002", 2],
    ]);
  });

  it("sends a batch holding broken JSON as NDJSON, so only the broken line is rejected", async () => {
    const collector = await startCollector([acceptAllBut([1])]);
    const transport = createCollectorTransport({ url: collector.url, keys });
    const [first, second] = demoMessages("demo", 2) as [DemoMessage, DemoMessage];
    const broken: DemoMessage = {
      ...second,
      value: second.value.slice(0, 20),
      malformed: true,
      defect: "invalid_json",
    };

    const report = await transport.send([
      first,
      broken,
      toDemoMessage({ atMs: 3, event: makeFeedback({ tenant_id: "demo" }) }),
    ]);

    expect(report.accepted).toBe(2);
    expect(collector.received[0]?.contentType).toBe("application/x-ndjson");
    expect(collector.received[0]?.body.split("\n")).toEqual([
      first.value,
      broken.value,
      expect.stringContaining("feedback_submitted"),
      "",
    ]);
  });

  it("fails at once when the collector refuses the key", async () => {
    const collector = await startCollector([json(401, { error: { code: "unauthenticated", message: "unknown key" } })]);
    const transport = createCollectorTransport({ url: collector.url, keys, retryBaseMs: 5 });
    await expect(transport.send(demoMessages("demo", 1))).rejects.toThrow(/401 unauthenticated: unknown key/);
    expect(collector.received).toHaveLength(1);
  });

  it("gives up after maxAttempts while the collector stays unavailable, honouring Retry-After", async () => {
    const collector = await startCollector([
      json(503, { error: { code: "unavailable", message: "warehouse down" } }, { "retry-after": "0" }),
    ]);
    const transport = createCollectorTransport({ url: collector.url, keys, maxAttempts: 3, retryBaseMs: 60_000 });
    await expect(transport.send(demoMessages("demo", 1))).rejects.toThrow(
      /after 3 attempts: 503 unavailable: warehouse down/,
    );
    expect(collector.received).toHaveLength(3);
  });

  it("retries when nothing listens, then fails", async () => {
    const collector = await startCollector([acceptAllBut([])]);
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    server = undefined;
    const transport = createCollectorTransport({ url: collector.url, keys, maxAttempts: 2, retryBaseMs: 5 });
    await expect(transport.send(demoMessages("demo", 1))).rejects.toThrow(CollectorError);
  });

  it("refuses a tenant it has no key for", async () => {
    const transport = createCollectorTransport({ url: "http://127.0.0.1:9", keys });
    await expect(transport.send(demoMessages("other", 1))).rejects.toThrow(/no ingest key for tenant other/);
  });

  it("splits requests by tenant and size, keeping order", () => {
    const batch = [...demoMessages("demo", 3), ...demoMessages("acme", 1), ...demoMessages("demo", 1)];
    expect(requestsOf(batch, 2).map((request) => [request.tenantId, request.messages.length])).toEqual([
      ["demo", 2],
      ["demo", 2],
      ["acme", 1],
    ]);
    expect(requestsOf([toDemoMessage({ atMs: 0, event: makeResponseCompleted() })], 1000)[0]?.tenantId).toBe(
      "tenant_demo",
    );
  });
});
