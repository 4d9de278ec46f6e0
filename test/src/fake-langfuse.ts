import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for Langfuse, which cannot run here (it needs Postgres, ClickHouse, Redis and S3 of
 * its own). It implements only what Answerscope calls, as Langfuse's public API reference
 * documents it (api.reference.langfuse.com, the OpenAPI spec the official client
 * `@langfuse/client` 5.11 is generated from):
 * - Basic auth: username the project's public key, password its secret key; else 401.
 * - `POST /api/public/ingestion`: `{ batch: [{ id, type, timestamp, body }] }`, answered 207 with
 *   `{ successes: [{ id, status }], errors: [{ id, status, message }] }` per envelope id ("The API
 *   does not return a 4xx status code for input errors"); `score-create` bodies need `traceId`,
 *   `name`, and a number `value` for NUMERIC or a string for CATEGORICAL; a body id that exists is
 *   updated ("if you want to update ..., you'd use the same body id"); `event-create` bodies need
 *   a `traceId`.
 * - `GET /api/public/v3/scores`: filters `name`, `source`, `fromTimestamp`, `toTimestamp`,
 *   `limit`, `cursor`, `fields`; answers `{ data: ScoreV3[], meta: { limit, cursor? } }`.
 * - Rate limits and outages: `failNext` answers the next requests with a status (429 with a
 *   `Retry-After` header in seconds, as Langfuse's rate limiter sends, or 5xx).
 * Every request is recorded as it arrived.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: any;
  atMs: number;
  status: number;
}

export interface StoredScore {
  id: string;
  traceId: string;
  observationId?: string;
  name: string;
  dataType: string;
  value: number | string;
  comment?: string;
  source: string;
  timestamp: string;
  updates: number;
}

export interface FakeLangfuse {
  url: string;
  requests: RecordedRequest[];
  /** Scores by body id, as the project holds them (an update replaces the value). */
  scores: Map<string, StoredScore>;
  /** Event observations by body id. */
  events: Map<string, any>;
  failNext(...answers: { status: number; retryAfterS?: number }[]): void;
  /** Lets `okRequests` requests through, then answers the next ones as failNext does. */
  failAfter(okRequests: number, ...answers: { status: number; retryAfterS?: number }[]): void;
  /**
   * Refuse every `event-create`, as Langfuse Cloud does since 16 November 2026 ("only
   * `score-create` events are accepted; all other event types are rejected"): `item`, a per-item
   * 400 in the 207; `request`, a 400 for the whole request (the reference does not say which).
   */
  refuseEvents: false | "item" | "request";
  /** Adds scores as another producer (the team's own thumbs) would have: for the score list. */
  addScores(scores: Omit<StoredScore, "updates">[]): void;
  close(): Promise<void>;
}

export async function startFakeLangfuse(keys: { publicKey: string; secretKey: string }): Promise<FakeLangfuse> {
  const requests: RecordedRequest[] = [];
  const scores = new Map<string, StoredScore>();
  const events = new Map<string, any>();
  // A null entry lets one request through.
  const failures: ({ status: number; retryAfterS?: number } | null)[] = [];
  const fake = { refuseEvents: false } as FakeLangfuse;
  const expectedAuth = `Basic ${Buffer.from(`${keys.publicKey}:${keys.secretKey}`).toString("base64")}`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      const text = Buffer.concat(chunks).toString("utf8");
      const record: RecordedRequest = { method: req.method ?? "", path: url.pathname, query: url.searchParams, authorization: req.headers.authorization, body: text ? JSON.parse(text) : undefined, atMs: Date.now(), status: 0 };
      requests.push(record);
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        record.status = status;
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== expectedAuth) return send(401, { message: "Invalid credentials" });
      const failure = failures.shift();
      if (failure) return send(failure.status, { message: "stand-in failure" }, failure.retryAfterS === undefined ? {} : { "retry-after": String(failure.retryAfterS) });
      if (req.method === "POST" && url.pathname === "/api/public/ingestion") {
        const hasEvents = (record.body?.batch ?? []).some((e: any) => e.type === "event-create");
        if (fake.refuseEvents === "request" && hasEvents) return send(400, { message: "only score-create events are accepted" });
        return send(207, ingest(record.body));
      }
      if (req.method === "GET" && url.pathname === "/api/public/v3/scores") return send(200, listScores(url.searchParams));
      send(404, { message: "not implemented by the stand-in" });
    });
  });

  function ingest(body: any) {
    const successes: { id: string; status: number }[] = [];
    const errors: { id: string; status: number; message: string }[] = [];
    for (const event of body?.batch ?? []) {
      const fail = (message: string) => errors.push({ id: event.id, status: 400, message });
      const b = event.body ?? {};
      if (typeof event.id !== "string" || typeof event.timestamp !== "string") fail("envelope needs id and timestamp");
      else if (event.type === "score-create") {
        if (typeof b.traceId !== "string" || typeof b.name !== "string") fail("score needs traceId and name");
        else if (b.dataType === "NUMERIC" && typeof b.value !== "number") fail("NUMERIC score needs a number value");
        else if (b.dataType === "CATEGORICAL" && typeof b.value !== "string") fail("CATEGORICAL score needs a string value");
        else {
          const id = b.id ?? `generated-${scores.size}`;
          const previous = scores.get(id);
          scores.set(id, { id, traceId: b.traceId, observationId: b.observationId, name: b.name, dataType: b.dataType, value: b.value, comment: b.comment, source: "API", timestamp: event.timestamp, updates: previous ? previous.updates + 1 : 0 });
          successes.push({ id: event.id, status: 201 });
        }
      } else if (event.type === "event-create") {
        if (fake.refuseEvents === "item") fail("only score-create events are accepted");
        else if (typeof b.traceId !== "string") fail("event needs traceId");
        else {
          events.set(b.id ?? `generated-${events.size}`, b);
          successes.push({ id: event.id, status: 201 });
        }
      } else fail(`type ${String(event.type)} not implemented by the stand-in`);
    }
    return { successes, errors };
  }

  // Cursor: the offset into the filtered list, opaque to the client.
  function listScores(query: URLSearchParams) {
    const names = query.get("name");
    const source = query.get("source");
    const from = query.get("fromTimestamp");
    const to = query.get("toTimestamp");
    const limit = Number(query.get("limit") ?? 50);
    const offset = Number(query.get("cursor") ?? 0);
    const matching = [...scores.values()]
      .filter((s) => (names === null || s.name === names) && (source === null || s.source === source))
      .filter((s) => (from === null || s.timestamp >= from) && (to === null || s.timestamp < to))
      .sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.id.localeCompare(b.id));
    const page = matching.slice(offset, offset + limit);
    const withSubject = (query.get("fields") ?? "").split(",").includes("subject");
    return {
      data: page.map((s) => ({
        id: s.id, projectId: "project", name: s.name, dataType: s.dataType, value: s.value, source: s.source, timestamp: s.timestamp,
        environment: "default", createdAt: s.timestamp, updatedAt: s.timestamp,
        ...(withSubject ? { subject: s.observationId ? { kind: "observation", id: s.observationId, traceId: s.traceId } : { kind: "trace", id: s.traceId } } : {}),
      })),
      meta: { limit, ...(offset + limit < matching.length ? { cursor: String(offset + limit) } : {}) },
    };
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const methods: Omit<FakeLangfuse, "refuseEvents"> = {
    url: `http://127.0.0.1:${port}`,
    requests,
    scores,
    events,
    failNext: (...answers) => void failures.push(...answers),
    failAfter: (okRequests, ...answers) => void failures.push(...Array<null>(okRequests).fill(null), ...answers),
    addScores: (list) => list.forEach((s) => scores.set(s.id, { ...s, updates: 0 })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return Object.assign(fake, methods);
}
