import { createRequire } from "node:module";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

/**
 * A stand-in for Langfuse, which cannot run here (it needs Postgres, ClickHouse, Redis and S3 of
 * its own). It implements only the endpoints Answerscope calls, as Langfuse's server (the
 * langfuse/langfuse repository, web/src/pages/api/public/...) and its public API reference (the
 * OpenAPI spec the official client `@langfuse/client` 5.11 is generated from) define them:
 * - Basic auth, username the project's public key, password its secret key; else 401 with
 *   `{ message }` (createAuthedProjectAPIRoute.ts).
 * - Rate limits: `failNext({ status: 429, retryAfterS })` answers 429 with `Retry-After` in whole
 *   seconds, as RateLimitService.ts's createHttpHeaderFromRateLimit sends it; 5xx likewise.
 * - `POST /api/public/scores` (scores/index.ts, PostScoresBody in
 *   packages/shared/src/features/scores/interfaces/api/shared.ts): a JSON body with `name`, a value
 *   matching `dataType` (NUMERIC a number, CATEGORICAL a string, BOOLEAN 0 or 1), exactly one of
 *   `traceId`, `sessionId`, `datasetRunId`; an optional `id` (absent: a new one). Answers 200
 *   `{ id }`, or 400 `{ message }`. The same id again is an update: the value changes, the score's
 *   `timestamp`, `traceId` and `createdAt` stay (IngestionService's immutableEntityKeys for
 *   scores), `updatedAt` becomes the time of the update.
 * - `POST /api/public/otel/v1/traces` (otel/v1/traces/index.ts): OTLP/HTTP, `Content-Type`
 *   `application/x-protobuf` (decoded, as the server does, by the protobufjs code generated for
 *   @opentelemetry/otlp-transformer: the stand-in loads that package's 0.208 build) or
 *   `application/json`, `Content-Encoding: gzip` optional; another content type, an undecodable
 *   body, a span without trace or span id, or an `x-langfuse-ingestion-version` above 4: 400
 *   `{ error }`; else 200 (the server answers the queued job's JSON, which OTLP exporters do not
 *   read). Each span is kept by its span id, the observation id Langfuse gives it, with its
 *   attributes decoded.
 * - `GET /api/public/v3/scores` (v3/scores/index.ts, GetScoresQueryV3): unknown query parameters
 *   400 (the schema is strict); filters `name` (comma-separated), `source`, `fromTimestamp`
 *   (timestamp >=), `toTimestamp` (timestamp <), `limit`, `cursor`, `fields`; answers
 *   `{ data: ScoreV3[], meta: { limit, cursor? } }`.
 * Every request is recorded as it arrived. The ingestion endpoint is not implemented: Answerscope
 * no longer calls it (it is gone from Langfuse Cloud since 16 November 2026).
 */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  headers: http.IncomingHttpHeaders;
  /** JSON bodies parsed; OTLP bodies as the decoded spans. */
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
  createdAt: string;
  updatedAt: string;
  updates: number;
}

/** An OTLP span as the stand-in decoded it: ids in hex, attributes as key -> value. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: Record<string, string | number | boolean>;
  resourceAttributes: Record<string, string | number | boolean>;
  scope: string;
}

export interface Failure {
  status: number;
  retryAfterS?: number;
  /** Only requests to this path (default: any). */
  path?: string;
}

export interface FakeLangfuse {
  url: string;
  requests: RecordedRequest[];
  /** Scores by id, as the project holds them (an update replaces the value). */
  scores: Map<string, StoredScore>;
  /** Observations created through the OTel endpoint, by span id (a repeat replaces it). */
  spans: Map<string, ReceivedSpan>;
  failNext(...answers: Failure[]): void;
  /** Lets `okRequests` requests through, then answers the next ones as failNext does. */
  failAfter(okRequests: number, ...answers: Failure[]): void;
  /** Adds scores as another producer (the team's own thumbs) would have: for the score list. */
  addScores(scores: Omit<StoredScore, "updates" | "createdAt" | "updatedAt">[]): void;
  /** Changes a score's value as a producer's repeated write with the same id does, at `atIso`. */
  updateScore(id: string, value: number | string, atIso: string): void;
  close(): Promise<void>;
}

interface OtlpDecoder {
  decode(body: Uint8Array): unknown;
  toObject(message: unknown, options: { longs: StringConstructor }): { resourceSpans?: any[] };
}
const otlp = createRequire(import.meta.url)("otlp-transformer-protobufjs/build/src/generated/root.js").opentelemetry
  .proto.collector.trace.v1.ExportTraceServiceRequest as OtlpDecoder;

const V3_QUERY = new Set([
  "limit",
  "cursor",
  "fields",
  "id",
  "name",
  "source",
  "dataType",
  "environment",
  "configId",
  "queueId",
  "authorUserId",
  "value",
  "valueMin",
  "valueMax",
  "traceId",
  "sessionId",
  "observationId",
  "experimentId",
  "fromTimestamp",
  "toTimestamp",
  "userId",
  "traceTags",
]);

export async function startFakeLangfuse(keys: { publicKey: string; secretKey: string }): Promise<FakeLangfuse> {
  const requests: RecordedRequest[] = [];
  const scores = new Map<string, StoredScore>();
  const spans = new Map<string, ReceivedSpan>();
  // A null entry lets one request through.
  const failures: (Failure | null)[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${keys.publicKey}:${keys.secretKey}`).toString("base64")}`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      const raw = Buffer.concat(chunks);
      const record: RecordedRequest = {
        method: req.method ?? "",
        path: url.pathname,
        query: url.searchParams,
        authorization: req.headers.authorization,
        headers: req.headers,
        body: undefined,
        atMs: Date.now(),
        status: 0,
      };
      requests.push(record);
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        record.status = status;
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(body));
      };
      const route = `${req.method} ${url.pathname}`;
      try {
        if (route === "POST /api/public/otel/v1/traces") record.body = decodeOtlp(req.headers, raw);
        else if (raw.length > 0) record.body = JSON.parse(raw.toString("utf8"));
      } catch (error) {
        if (req.headers.authorization !== expectedAuth) return send(401, { message: "Invalid credentials" });
        return send(400, { error: (error as Error).message });
      }
      if (req.headers.authorization !== expectedAuth) return send(401, { message: "Invalid credentials" });
      const at = failures.findIndex((f) => f === null || f.path === undefined || f.path === url.pathname);
      const failure = at >= 0 ? failures.splice(at, 1)[0] : null;
      if (failure)
        return send(
          failure.status,
          { message: "stand-in failure" },
          failure.retryAfterS === undefined ? {} : { "retry-after": String(failure.retryAfterS) },
        );
      if (route === "POST /api/public/scores") {
        const problem = scoreProblem(record.body);
        if (problem) return send(400, { message: problem });
        return send(200, { id: upsertScore(record.body, new Date().toISOString()) });
      }
      if (route === "POST /api/public/otel/v1/traces") {
        const version = req.headers["x-langfuse-ingestion-version"];
        if (version !== undefined && !(Number.parseInt(String(version), 10) <= 4))
          return send(400, {
            error: `Unsupported x-langfuse-ingestion-version: "${version}". Maximum supported: "4".`,
          });
        const received: ReceivedSpan[] = record.body;
        if (received.some((s) => !s.traceId || !s.spanId))
          return send(400, { error: "Invalid OTLP trace export: traceId and spanId are required on every span" });
        for (const span of received) spans.set(span.spanId, span);
        return send(200, {});
      }
      if (route === "GET /api/public/v3/scores") {
        const unknown = [...url.searchParams.keys()].filter((key) => !V3_QUERY.has(key));
        if (unknown.length > 0) return send(400, { message: `Unrecognized key(s) in object: ${unknown.join(", ")}` });
        return send(200, listScores(url.searchParams));
      }
      send(404, { message: "not implemented by the stand-in" });
    });
  });

  function scoreProblem(body: any): string | undefined {
    if (typeof body?.name !== "string" || body.name === "") return "name: required";
    const subjects = ["traceId", "sessionId", "datasetRunId"].filter(
      (key) => typeof body[key] === "string" && body[key] !== "",
    );
    if (subjects.length !== 1)
      return "Provide exactly one of the following: traceId (with optional observationId), sessionId or datasetRunId.";
    if (body.dataType === "NUMERIC" && typeof body.value !== "number") return "value: expected number";
    if (body.dataType === "CATEGORICAL" && typeof body.value !== "string") return "value: expected string";
    if (body.dataType === "BOOLEAN" && body.value !== 0 && body.value !== 1)
      return "Value must be a number equal to either 0 or 1 for data type BOOLEAN";
    return undefined;
  }

  function upsertScore(body: any, atIso: string): string {
    const id: string = body.id || `generated-${scores.size}`;
    const previous = scores.get(id);
    scores.set(id, {
      id,
      name: body.name,
      dataType: body.dataType,
      value: body.value,
      comment: body.comment ?? undefined,
      source: body.source ?? "API",
      traceId: previous?.traceId ?? body.traceId,
      observationId: previous?.observationId ?? body.observationId ?? undefined,
      timestamp: previous?.timestamp ?? atIso,
      createdAt: previous?.createdAt ?? atIso,
      updatedAt: atIso,
      updates: previous ? previous.updates + 1 : 0,
    });
    return id;
  }

  // Cursor: the offset into the filtered list, opaque to the client.
  function listScores(query: URLSearchParams) {
    const names = query.get("name")?.split(",");
    const source = query.get("source");
    const from = query.get("fromTimestamp");
    const to = query.get("toTimestamp");
    const limit = Number(query.get("limit") ?? 50);
    const offset = Number(query.get("cursor") ?? 0);
    const matching = [...scores.values()]
      .filter((s) => (names === undefined || names.includes(s.name)) && (source === null || s.source === source))
      .filter(
        (s) =>
          (from === null || Date.parse(s.timestamp) >= Date.parse(from)) &&
          (to === null || Date.parse(s.timestamp) < Date.parse(to)),
      )
      .sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.id.localeCompare(b.id));
    const page = matching.slice(offset, offset + limit);
    const fields = (query.get("fields") ?? "core").split(",");
    return {
      data: page.map((s) => ({
        id: s.id,
        projectId: "project",
        name: s.name,
        dataType: s.dataType,
        value: s.value,
        source: s.source,
        timestamp: s.timestamp,
        environment: "default",
        createdAt: s.createdAt,
        updatedAt: s.updatedAt,
        ...(fields.includes("details") ? { comment: s.comment ?? null } : {}),
        ...(fields.includes("subject")
          ? {
              subject: s.observationId
                ? { kind: "observation", id: s.observationId, traceId: s.traceId }
                : { kind: "trace", id: s.traceId },
            }
          : {}),
      })),
      meta: { limit, ...(offset + limit < matching.length ? { cursor: String(offset + limit) } : {}) },
    };
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    scores,
    spans,
    failNext: (...answers) => void failures.push(...answers),
    failAfter: (okRequests, ...answers) => void failures.push(...Array<null>(okRequests).fill(null), ...answers),
    addScores: (list) =>
      list.forEach((s) => scores.set(s.id, { ...s, createdAt: s.timestamp, updatedAt: s.timestamp, updates: 0 })),
    updateScore: (id, value, atIso) => void upsertScore({ ...scores.get(id)!, value }, atIso),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The spans of an OTLP export, as the server reads the body (gzip, protobuf or JSON). */
function decodeOtlp(headers: http.IncomingHttpHeaders, raw: Buffer): ReceivedSpan[] {
  const body = headers["content-encoding"]?.includes("gzip") ? gunzipSync(raw) : raw;
  const type = headers["content-type"]?.toLowerCase() ?? "";
  let resourceSpans: any[];
  if (type.includes("application/x-protobuf"))
    resourceSpans = otlp.toObject(otlp.decode(body), { longs: String }).resourceSpans ?? [];
  else if (type.includes("application/json")) resourceSpans = JSON.parse(body.toString("utf8")).resourceSpans ?? [];
  else throw new Error("Invalid content type");
  // As the server's parseId: OTLP/JSON carries hex strings, protobuf bytes.
  const hex = (id: unknown): string | null =>
    id === undefined || id === null || (id as { length: number }).length === 0
      ? null
      : typeof id === "string"
        ? id
        : Buffer.from(id as Uint8Array).toString("hex");
  return resourceSpans.flatMap((rs) =>
    (rs.scopeSpans ?? []).flatMap((ss: any) =>
      (ss.spans ?? []).map((span: any) => ({
        traceId: hex(span.traceId) ?? "",
        spanId: hex(span.spanId) ?? "",
        parentSpanId: hex(span.parentSpanId),
        name: span.name,
        startTimeUnixNano: String(span.startTimeUnixNano),
        endTimeUnixNano: String(span.endTimeUnixNano),
        attributes: keyValues(span.attributes),
        resourceAttributes: keyValues(rs.resource?.attributes),
        scope: ss.scope?.name ?? "",
      })),
    ),
  );
}

/** OTLP KeyValue list -> object; AnyValue holds one of stringValue, boolValue, intValue, doubleValue. */
function keyValues(list: any[] | undefined): Record<string, string | number | boolean> {
  return Object.fromEntries(
    (list ?? []).map((kv) => {
      const v = kv.value ?? {};
      return [kv.key, v.stringValue ?? v.boolValue ?? (v.intValue !== undefined ? Number(v.intValue) : v.doubleValue)];
    }),
  );
}
