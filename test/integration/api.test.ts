import { buildOpenApiDocument } from "@answerscope/api";
import { createWarehouse, queryRows, type Warehouse } from "@answerscope/warehouse";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { buildTenantState, type EdgeCaseDataset, type TenantState } from "../reference";
import { qs, startTestApi, TEST_KEY_ENTRIES, TEST_KEYS, type TestApi } from "../src/api-server";
import { loadApiDataset } from "../src/api-dataset";
import { startApiProcess } from "@answerscope/test-kit";
import { dropTestWarehouse } from "../src/warehouse";

/**
 * The query API's contract (docs/api.md) against a real ClickHouse: authentication, parameter
 * validation, tenant isolation, 404 and 503, hostile values. Figures are checked in api-figures.test.ts.
 */
const TRACE_TEMPLATE = "https://langfuse.example.com/project/{tenant_id}/traces/{trace_id}";

let warehouse: Warehouse;
let dataset: EdgeCaseDataset;
let api: TestApi;
let acme: TenantState;
let globex: TenantState;
let range: string;

beforeAll(async () => {
  ({ warehouse, dataset } = await loadApiDataset("as_api"));
  api = await startTestApi({
    warehouse,
    keys: TEST_KEY_ENTRIES,
    traceUrlTemplate: TRACE_TEMPLATE,
    corsOrigin: "https://dashboard.example.com",
  });
  acme = buildTenantState(dataset.events, "t-acme");
  globex = buildTenantState(dataset.events, "t-globex");
  range = qs([
    ["from", dataset.range.from],
    ["to", dataset.range.to],
  ]);
});
afterAll(async () => {
  await api?.close();
  if (warehouse) await dropTestWarehouse(warehouse);
});

/** One valid request per route. */
const routePaths = () => [
  `/api/v1/metrics?${range}`,
  `/api/v1/tools?${range}`,
  `/api/v1/samples?${range}`,
  `/api/v1/responses/r-at-from`,
  `/api/v1/feedback/targets?${range}`,
  `/api/v1/diagnostics/diag-001`,
  `/api/v1/feedback/reasons?${range}`,
  `/api/v1/compare?${range}&metric=good_answer_rate&dimension=model&a=gpt-4o&b=qwen-max`,
  `/api/v1/rejected?${range}`,
];

describe("authentication", () => {
  it("answers every route with a read key", async () => {
    for (const path of routePaths()) expect((await api.get(path, TEST_KEYS.acmeRead)).status, path).toBe(200);
  });

  it("is 401 without a key, with an unknown key or another scheme", async () => {
    for (const path of routePaths()) {
      for (const key of [undefined, "not-a-key-0123456789"]) {
        const res = await api.get(path, key);
        expect(res.status, path).toBe(401);
        expect(res.body.error.code).toBe("unauthenticated");
      }
      const basic = await fetch(`${api.baseUrl}${path}`, { headers: { authorization: `Basic ${TEST_KEYS.acmeRead}` } });
      expect(basic.status).toBe(401);
    }
  });

  it("is 403 for an ingest key: a key that writes does not read", async () => {
    for (const path of routePaths()) {
      const res = await api.get(path, TEST_KEYS.acmeIngest);
      expect(res.status, path).toBe(403);
      expect(res.body.error.code).toBe("forbidden");
    }
  });

  it("takes the tenant from the key; a tenant_id parameter must name the same tenant", async () => {
    const sep = (path: string) => (path.includes("?") ? "&" : "?");
    for (const path of routePaths()) {
      expect((await api.get(`${path}${sep(path)}tenant_id=t-acme`, TEST_KEYS.acmeRead)).status, path).toBe(200);
      const other = await api.get(`${path}${sep(path)}tenant_id=t-globex`, TEST_KEYS.acmeRead);
      expect(other.status, path).toBe(403);
      expect(other.body.error.code).toBe("forbidden");
    }
  });

  it("checks the key before the parameters, so an anonymous caller learns nothing about them", async () => {
    expect((await api.get(`/api/v1/metrics?bogus=1`)).status).toBe(401);
  });
});

describe("parameters", () => {
  const expectInvalid = async (path: string, field: string) => {
    const res = await api.get(path, TEST_KEYS.acmeRead);
    expect(res.status, path).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    expect(res.body.error.message, path).toContain(field);
  };

  it("rejects unknown parameters by name instead of ignoring them", async () => {
    await expectInvalid(`/api/v1/metrics?${range}&modle=gpt-4o`, "modle");
    await expectInvalid(`/api/v1/tools?${range}&user_id=u-01`, "user_id");
    await expectInvalid(`/api/v1/rejected?${range}&model=gpt-4o`, "model");
    // An id names the object: the detail routes take no range.
    await expectInvalid(`/api/v1/responses/r-at-from?from=${dataset.range.from}`, "from");
    await expectInvalid(`/api/v1/diagnostics/diag-001?limit=1`, "limit");
  });

  it("requires from and to where the spec does", async () => {
    for (const route of ["metrics", "tools", "samples", "feedback/targets", "feedback/reasons", "rejected"]) {
      await expectInvalid(`/api/v1/${route}?to=${dataset.range.to}`, "from");
      await expectInvalid(`/api/v1/${route}?from=${dataset.range.from}`, "to");
    }
  });

  it("names the field of a malformed value", async () => {
    await expectInvalid(`/api/v1/metrics?from=yesterday&to=${dataset.range.to}`, "from");
    await expectInvalid(`/api/v1/metrics?from=2026-11-29&to=${dataset.range.to}`, "from");
    await expectInvalid(`/api/v1/metrics?from=${dataset.range.to}&to=${dataset.range.from}`, "to");
    await expectInvalid(`/api/v1/metrics?${range}&bucket=week`, "bucket");
    await expectInvalid(`/api/v1/metrics?${range}&bucket=hour&bucket=day`, "bucket");
    await expectInvalid(`/api/v1/metrics?${range}&group_by=model,user_id`, "group_by");
    await expectInvalid(`/api/v1/metrics?${range}&model=`, "model");
    await expectInvalid(`/api/v1/metrics?${range}&model=${"x".repeat(300)}`, "model");
    await expectInvalid(`/api/v1/tools?${range}&group_by=model`, "group_by");
    await expectInvalid(`/api/v1/samples?${range}&limit=0`, "limit");
    await expectInvalid(`/api/v1/samples?${range}&limit=ten`, "limit");
    await expectInvalid(`/api/v1/samples?${range}&limit=201`, "limit");
    await expectInvalid(`/api/v1/samples?${range}&rating=meh`, "rating");
    await expectInvalid(`/api/v1/samples?${range}&label=great`, "label");
    await expectInvalid(`/api/v1/samples?${range}&reason_code=because`, "reason_code");
    await expectInvalid(`/api/v1/samples?${range}&cursor=not-a-cursor`, "cursor");
    await expectInvalid(`/api/v1/compare?${range}&metric=latency_p95_ms&dimension=model&a=x&b=y`, "metric");
    await expectInvalid(`/api/v1/compare?${range}&metric=error_rate&dimension=user_id&a=x&b=y`, "dimension");
    await expectInvalid(`/api/v1/compare?${range}&metric=error_rate&dimension=model&a=x`, "b");
    await expectInvalid(`/api/v1/feedback/reasons?${range}&chains=-1`, "chains");
    await expectInvalid(`/api/v1/responses/${"r".repeat(129)}`, "response_id");
  });

  it("answers unknown paths 404 and other methods 405", async () => {
    expect((await api.get(`/api/v1/nothing?${range}`, TEST_KEYS.acmeRead)).status).toBe(404);
    const post = await fetch(`${api.baseUrl}/api/v1/metrics?${range}`, {
      method: "POST",
      headers: { authorization: `Bearer ${TEST_KEYS.acmeRead}` },
    });
    expect(post.status).toBe(405);
  });
});

describe("tenant isolation", () => {
  it("shows each tenant its own version of a response id both tenants use", async () => {
    const shared = [...acme.responses.keys()].filter((id) => globex.responses.has(id));
    expect(shared.length).toBeGreaterThan(50);
    for (const id of shared.slice(0, 25)) {
      for (const [key, state, prefix] of [
        [TEST_KEYS.acmeRead, acme, "a-ev-"],
        [TEST_KEYS.globexRead, globex, "g-ev-"],
      ] as const) {
        const res = await api.get(`/api/v1/responses/${encodeURIComponent(id)}`, key);
        expect(res.status).toBe(200);
        const expected = state.responses.get(id)!;
        expect(res.body.response).toMatchObject({
          response_id: id,
          user_id: expected.user_id,
          session_id: expected.session_id,
          occurred_at: new Date(expected.t).toISOString(),
          dims: expected.dims,
        });
        for (const event of res.body.feedback)
          expect(event.event_id.startsWith(prefix), `${id} ${event.event_id}`).toBe(true);
        const expectedCalls = state.toolCalls
          .filter((call) => call.response_id === id)
          .map((call) => call.tool_call_id);
        expect(res.body.tool_calls.map((call: { tool_call_id: string }) => call.tool_call_id)).toEqual(expectedCalls);
        expect(res.body.outcome.label).toBe(state.labels.get(id)!.label);
      }
    }
  });

  it("is 404 for another tenant's response and diagnostic task, as for a missing one", async () => {
    expect(acme.responses.has("r-only-acme") && !globex.responses.has("r-only-acme")).toBe(true);
    expect((await api.get(`/api/v1/responses/r-only-acme`, TEST_KEYS.acmeRead)).status).toBe(200);
    const other = await api.get(`/api/v1/responses/r-only-acme`, TEST_KEYS.globexRead);
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe("not_found");
    expect((await api.get(`/api/v1/responses/r-never-1`, TEST_KEYS.acmeRead)).status).toBe(404);
    expect((await api.get(`/api/v1/diagnostics/diag-999`, TEST_KEYS.acmeRead)).status).toBe(404);
  });

  it("never lists another tenant's responses, calls or ratings", async () => {
    const samples = await api.get(`/api/v1/samples?${range}&limit=200`, TEST_KEYS.globexRead);
    expect(samples.status).toBe(200);
    for (const sample of samples.body.samples) {
      const expected = globex.responses.get(sample.response_id);
      expect(expected, sample.response_id).toBeDefined();
      expect(sample.user_id).toBe(expected!.user_id);
      expect(sample.session_id).toBe(expected!.session_id);
    }
    const diagnostic = await api.get(`/api/v1/diagnostics/diag-001`, TEST_KEYS.globexRead);
    expect(diagnostic.status).toBe(200);
    for (const event of diagnostic.body.feedback) expect(event.event_id.startsWith("g-ev-")).toBe(true);
    const globexCalls = globex.toolCalls.filter((call) => call.diagnostic_task_id === "diag-001");
    expect(
      diagnostic.body.tool_calls.map((call: { tool_call_id: string; status: string }) => [
        call.tool_call_id,
        call.status,
      ]),
    ).toEqual(globexCalls.map((call) => [call.tool_call_id, call.status]));
  });
});

describe("trace_url", () => {
  it("is built from the template with URL-encoded values, and null without a trace id", async () => {
    const withTrace = [...acme.responses.values()].find((response) => response.event.trace_id)!;
    const withoutTrace = [...acme.responses.values()].find((response) => !response.event.trace_id)!;
    const a = await api.get(`/api/v1/responses/${withTrace.response_id}`, TEST_KEYS.acmeRead);
    expect(a.body.response.trace_url).toBe(
      `https://langfuse.example.com/project/t-acme/traces/${encodeURIComponent(withTrace.event.trace_id!)}`,
    );
    const b = await api.get(`/api/v1/responses/${withoutTrace.response_id}`, TEST_KEYS.acmeRead);
    expect(b.body.response.trace_url).toBeNull();
  });

  it("is null when no template is configured", async () => {
    const plain = await startTestApi({ warehouse, keys: TEST_KEY_ENTRIES });
    try {
      const withTrace = [...acme.responses.values()].find((response) => response.event.trace_id)!;
      const res = await plain.get(`/api/v1/responses/${withTrace.response_id}`, TEST_KEYS.acmeRead);
      expect(res.body.response.trace_id).toBe(withTrace.event.trace_id);
      expect(res.body.response.trace_url).toBeNull();
    } finally {
      await plain.close();
    }
  });
});

describe("hostile values", () => {
  const HOSTILE = [
    "'",
    "''",
    "'; DROP TABLE responses; --",
    "\\",
    "\\'",
    "x\\' OR 1=1 --",
    '"',
    "%",
    "_",
    "模型",
    "😀",
    "a\nb",
    "\u0000",
    "`",
    "${x}",
    "\u202e",
  ];

  it("filter values are data: they match nothing, never error, and leave the tables alone", async () => {
    const pairs = HOSTILE.map((value): [string, string] => ["model", value]);
    const filter = qs(pairs);
    const metrics = await api.get(`/api/v1/metrics?${range}&${filter}`, TEST_KEYS.acmeRead);
    expect(metrics.status).toBe(200);
    expect(metrics.body.rows).toHaveLength(1);
    expect(metrics.body.rows[0].response_count).toBe(0);
    expect((await api.get(`/api/v1/tools?${range}&${filter}`, TEST_KEYS.acmeRead)).body).toEqual({ rows: [] });
    expect(
      (await api.get(`/api/v1/tools?${range}&${qs(HOSTILE.map((value) => ["tool_name", value]))}`, TEST_KEYS.acmeRead))
        .body,
    ).toEqual({ rows: [] });
    expect((await api.get(`/api/v1/samples?${range}&${filter}`, TEST_KEYS.acmeRead)).body).toEqual({
      samples: [],
      next_cursor: null,
    });
    const targets = await api.get(`/api/v1/feedback/targets?${range}&${filter}`, TEST_KEYS.acmeRead);
    expect(targets.body).toEqual({ rows: [], revisions: 0, conflicts: 0, retries: 0 });
    expect((await api.get(`/api/v1/feedback/reasons?${range}&${filter}`, TEST_KEYS.acmeRead)).body).toEqual({
      down_rated: 0,
      reasons: [],
      tool_chains: [],
    });
    for (const value of HOSTILE.slice(0, 8)) {
      const compare = await api.get(
        `/api/v1/compare?${range}&${qs([
          ["metric", "error_rate"],
          ["dimension", "channel"],
          ["a", value],
          ["b", "web"],
        ])}`,
        TEST_KEYS.acmeRead,
      );
      expect(compare.status).toBe(200);
      expect(compare.body.a).toMatchObject({ value, denominator: 0, rate: null, insufficient_data: true });
      expect(compare.body.b.denominator).toBeGreaterThan(0);
    }
    const rejected = await api.get(
      `/api/v1/rejected?${range}&${qs(HOSTILE.map((value) => ["reason", value]))}`,
      TEST_KEYS.acmeRead,
    );
    expect(rejected.body).toEqual({ total: 0, counts: [], events: [] });
    const stored = await queryRows<{ n: number }>(
      warehouse,
      `SELECT count() AS n FROM ${warehouse.table("responses")}`,
    );
    expect(Number(stored[0]!.n)).toBeGreaterThan(0);
  });

  it("a hostile value next to a real one (OR) changes nothing", async () => {
    const clean = await api.get(`/api/v1/metrics?${range}&channel=web`, TEST_KEYS.acmeRead);
    const mixed = await api.get(
      `/api/v1/metrics?${range}&${qs([["channel", "web"], ...HOSTILE.map((value): [string, string] => ["channel", value])])}`,
      TEST_KEYS.acmeRead,
    );
    expect(clean.body.rows[0].response_count).toBeGreaterThan(0);
    expect(mixed.body).toEqual(clean.body);
    const cleanSamples = await api.get(`/api/v1/samples?${range}&channel=web&limit=200`, TEST_KEYS.acmeRead);
    const mixedSamples = await api.get(
      `/api/v1/samples?${range}&${qs([
        ["channel", "web"],
        ["channel", "'; DROP TABLE responses; --"],
        ["limit", "200"],
      ])}`,
      TEST_KEYS.acmeRead,
    );
    expect(mixedSamples.body).toEqual(cleanSamples.body);
  });

  it("hostile ids in paths are 404, not errors", async () => {
    for (const value of HOSTILE.filter((value) => value !== "\u0000")) {
      for (const route of ["responses", "diagnostics"]) {
        const res = await api.get(`/api/v1/${route}/${encodeURIComponent(value)}`, TEST_KEYS.acmeRead);
        expect(res.status, `${route}/${JSON.stringify(value)}`).toBe(404);
      }
    }
  });
});

describe("warehouse unavailable", () => {
  async function closedPort(): Promise<number> {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    return port;
  }

  // A route answers 503 at its first failed read; let its other reads finish before closing their client.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1_000));

  it("answers 503 on every route when ClickHouse cannot be reached, never an empty result", async () => {
    const unreachable = createWarehouse({
      url: `http://127.0.0.1:${await closedPort()}`,
      database: warehouse.target.database,
      requestTimeoutMs: 5_000,
    });
    const down = await startTestApi({ warehouse: unreachable, keys: TEST_KEY_ENTRIES });
    try {
      for (const path of routePaths()) {
        const res = await down.get(path, TEST_KEYS.acmeRead);
        expect(res.status, path).toBe(503);
        expect(res.body.error.code).toBe("unavailable");
      }
      expect((await fetch(`${down.baseUrl}/readyz`)).status).toBe(503);
      // Authentication and validation do not need the warehouse.
      expect((await down.get(`/api/v1/metrics?${range}`)).status).toBe(401);
      expect((await down.get(`/api/v1/metrics?${range}&bucket=week`, TEST_KEYS.acmeRead)).status).toBe(400);
    } finally {
      await down.close();
      await settle();
      await unreachable.close();
    }
  });

  it("answers 503 when ClickHouse answers with an error", async () => {
    const broken = createWarehouse({ url: inject("clickhouseUrl"), database: "as_api_no_such_database" });
    const failing = await startTestApi({ warehouse: broken, keys: TEST_KEY_ENTRIES });
    try {
      for (const path of routePaths()) expect((await failing.get(path, TEST_KEYS.acmeRead)).status, path).toBe(503);
    } finally {
      await failing.close();
      await settle();
      await broken.close();
    }
  });
});

describe("service endpoints", () => {
  it("serves the OpenAPI document without a key", async () => {
    const res = await api.get(`/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });

  it("is ready while ClickHouse answers", async () => {
    expect((await fetch(`${api.baseUrl}/readyz`)).status).toBe(200);
    expect((await fetch(`${api.baseUrl}/healthz`)).status).toBe(200);
    const metrics = await (await fetch(`${api.baseUrl}/metrics`)).text();
    expect(metrics).toContain('answerscope_api_request_duration_seconds_count{route="getMetrics",status="200"}');
  });

  it("allows the configured dashboard origin (CORS preflight and response headers) and no other", async () => {
    const preflight = await fetch(`${api.baseUrl}/api/v1/metrics`, {
      method: "OPTIONS",
      headers: { origin: "https://dashboard.example.com", "access-control-request-headers": "authorization" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("https://dashboard.example.com");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("authorization");
    const read = await fetch(`${api.baseUrl}/api/v1/metrics?${range}`, {
      headers: { origin: "https://dashboard.example.com", authorization: `Bearer ${TEST_KEYS.acmeRead}` },
    });
    expect(read.headers.get("access-control-allow-origin")).toBe("https://dashboard.example.com");
    const stranger = await fetch(`${api.baseUrl}/api/v1/metrics?${range}`, {
      headers: { origin: "https://evil.example.com", authorization: `Bearer ${TEST_KEYS.acmeRead}` },
    });
    expect(stranger.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("the api process", () => {
  it("runs from environment configuration alone and stops cleanly on SIGTERM", async () => {
    const proc = await startApiProcess({
      CLICKHOUSE_URL: inject("clickhouseUrl"),
      CLICKHOUSE_DATABASE: warehouse.target.database,
      ANSWERSCOPE_KEYS: `read:t-acme:${TEST_KEYS.acmeRead},ingest:t-acme:${TEST_KEYS.acmeIngest}`,
      TRACE_URL_TEMPLATE: TRACE_TEMPLATE,
    });
    try {
      const base = `http://127.0.0.1:${proc.port}`;
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      const withTrace = [...acme.responses.values()].find((response) => response.event.trace_id)!;
      const res = await fetch(`${base}/api/v1/responses/${withTrace.response_id}`, {
        headers: { authorization: `Bearer ${TEST_KEYS.acmeRead}` },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { response: { trace_url: string } }).response.trace_url).toBe(
        `https://langfuse.example.com/project/t-acme/traces/${encodeURIComponent(withTrace.event.trace_id!)}`,
      );
      expect(
        (
          await fetch(`${base}/api/v1/metrics?${range}`, {
            headers: { authorization: `Bearer ${TEST_KEYS.acmeIngest}` },
          })
        ).status,
      ).toBe(403);
    } finally {
      expect(await proc.stop()).toBe(0);
    }
  });
});
