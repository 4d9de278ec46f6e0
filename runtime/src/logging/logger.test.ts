import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceServer } from "../http/service-server";
import { readBody } from "../http/read-body";
import { createLogger } from "./logger";

// Planted values that must never reach a log line: a key, a payload value, the user's words.
const KEY = "sk-planted-key-0123456789abcdef";
const PAYLOAD = "planted-payload-value-4711";
const QUERY_TEXT = "planted question about my salary";

const lines: string[] = [];
const logger = createLogger("test", { destination: { write: (line: string) => void lines.push(line) } });
const server = createServiceServer({
  logger,
  metrics: { render: async () => "", contentType: "text/plain" },
  isReady: () => true,
  routes: [
    {
      method: "POST",
      path: "/v1/things/{thing}",
      handler: async (req) => {
        const body = (await readBody(req, 1024)).toString();
        // What a careless handler might do: an error quoting what it was sent.
        throw new Error(`cannot take ${body}`);
      },
    },
  ],
});
let url = "";
const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("structured logs", () => {
  it("writes one JSON line per request with its id, echoed in the x-request-id header", async () => {
    lines.length = 0;
    const answer = await fetch(`${url}/v1/things/${PAYLOAD}?q=${encodeURIComponent(QUERY_TEXT)}`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "x-request-id": "caller-id-1" },
      body: JSON.stringify({ query_text: QUERY_TEXT, value: PAYLOAD }),
    });
    expect(answer.status).toBe(500);
    expect(answer.headers.get("x-request-id")).toBe("caller-id-1");
    const entries = parsed();
    expect(entries.find((entry) => entry.msg === "request")).toMatchObject({
      level: "info",
      service: "test",
      request_id: "caller-id-1",
      method: "POST",
      route: "/v1/things/{thing}",
      status: 500,
    });
    expect(entries.find((entry) => entry.msg === "unhandled error")).toMatchObject({
      level: "error",
      request_id: "caller-id-1",
      error_class: "Error",
    });
    const text = lines.join("");
    for (const planted of [KEY, PAYLOAD, QUERY_TEXT, "salary"]) expect(text).not.toContain(planted);
  });

  it("gives a request without a usable id a new one", async () => {
    lines.length = 0;
    const answer = await fetch(`${url}/nowhere`, { headers: { "x-request-id": "not usable: spaces and \u00e9" } });
    const id = answer.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(parsed()).toContainEqual(
      expect.objectContaining({ msg: "request", request_id: id, route: "unmatched", status: 404 }),
    );
  });

  it("censors keys, payloads and query text a caller passes as fields", () => {
    lines.length = 0;
    logger.warn(
      {
        key: KEY,
        authorization: `Bearer ${KEY}`,
        event: { payload: PAYLOAD },
        detail: { query_text: QUERY_TEXT, body: PAYLOAD, error_message: PAYLOAD },
        err: new Error(`cannot take ${PAYLOAD}`),
        failure: { error: new Error(`cannot take ${PAYLOAD}`) },
        tenant: "acme",
      },
      "odd event",
    );
    const [entry] = parsed();
    expect(entry).toMatchObject({
      level: "warn",
      msg: "odd event",
      tenant: "acme",
      key: "[redacted]",
      event: "[redacted]",
      detail: { query_text: "[redacted]", body: "[redacted]", error_message: "[redacted]" },
      err: "[redacted]",
      failure: { error: "[redacted]" },
    });
    for (const planted of [KEY, PAYLOAD, QUERY_TEXT]) expect(lines.join("")).not.toContain(planted);
  });
});
