import { makeFeedback, makeResponseCompleted, makeToolCall } from "@answerscope/contracts";
import { loadIngestConfig, startIngestService, type RunningService } from "@answerscope/ingest";
import { startTestCollector } from "../src/test-collector";
import { queryRows, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWarehouse, dedupedCounts, dropTestWarehouse, rawCounts } from "../src/warehouse";

const INGEST_KEY = "acme-ingest-key-0000000001";
const READ_KEY = "acme-read-key-00000000001";

/** Single-node mode: POST /v1/events straight into the warehouse, no Kafka. */
describe("collector without Kafka", () => {
  let warehouse: Warehouse;
  let service: RunningService;
  let base: string;

  const post = (
    body: string,
    { key = INGEST_KEY, contentType = "application/json" }: { key?: string | null; contentType?: string } = {},
  ) =>
    fetch(`${base}/v1/events`, {
      method: "POST",
      headers: { "content-type": contentType, ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body,
    });

  beforeAll(async () => {
    const created = await createTestWarehouse("as_collector");
    warehouse = created.warehouse;
    service = await startTestCollector(created, {
      ANSWERSCOPE_KEYS: `ingest:acme:${INGEST_KEY},read:acme:${READ_KEY}`,
      COLLECTOR_MAX_BODY_BYTES: String(512 * 1024),
      COLLECTOR_MAX_EVENTS: "50",
    });
    base = `http://127.0.0.1:${service.port}`;
  });

  afterAll(async () => {
    await service.stop();
    await dropTestWarehouse(warehouse);
  });

  it("answers 401 without a key or with an unknown one, and 403 for a read key", async () => {
    const body = JSON.stringify([makeResponseCompleted({ tenant_id: "acme" })]);
    const none = await post(body, { key: null });
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({
      error: { code: "unauthenticated", message: expect.stringContaining("Bearer") },
    });
    expect((await post(body, { key: "not-a-key-at-all-000" })).status).toBe(401);
    const readKey = await post(body, { key: READ_KEY });
    expect(readKey.status).toBe(403);
    expect(((await readKey.json()) as { error: { code: string } }).error.code).toBe("forbidden");
    expect(await dedupedCounts(warehouse, "acme")).toEqual({ responses: 0, toolCalls: 0, feedback: 0, rejected: 0 });
  });

  it("accepts valid events and reports each rejected one by index with its reason, keeping it", async () => {
    const events = [
      makeResponseCompleted({ event_id: "c-r1", tenant_id: "acme", response_id: "c-r1" }),
      makeResponseCompleted({ event_id: "c-r2", tenant_id: "other-tenant", response_id: "c-r2" }),
      { ...makeToolCall({ event_id: "c-t1", tenant_id: "acme" }), status: "delta" },
      makeFeedback({ event_id: "c-f1", tenant_id: "acme", target_id: "c-r1" }),
      { ...makeResponseCompleted({ event_id: "c-r3", tenant_id: "acme" }), schema_version: 7 },
    ];
    const res = await post(JSON.stringify(events));
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({
      accepted: 2,
      rejected: [
        { index: 1, event_id: "c-r2", reason: "forbidden" },
        { index: 2, event_id: "c-t1", reason: "invalid_field:status" },
        { index: 4, event_id: "c-r3", reason: "unsupported_schema_version" },
      ],
    });
    expect(await dedupedCounts(warehouse, "acme")).toEqual({ responses: 1, toolCalls: 0, feedback: 1, rejected: 3 });
    // The forbidden event is kept under the key's tenant, never written as the other tenant's.
    expect(await dedupedCounts(warehouse, "other-tenant")).toEqual({
      responses: 0,
      toolCalls: 0,
      feedback: 0,
      rejected: 0,
    });
  });

  it("takes NDJSON and rejects a broken line without losing its neighbours", async () => {
    const lines = [
      JSON.stringify(makeResponseCompleted({ event_id: "n-r1", tenant_id: "acme" })),
      "{not json",
      JSON.stringify(makeToolCall({ event_id: "n-t1", tenant_id: "acme" })),
    ];
    const res = await post(lines.join("\n"), { contentType: "application/x-ndjson" });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: 2, rejected: [{ index: 1, event_id: null, reason: "invalid_json" }] });
  });

  it("is idempotent when a batch is retried", async () => {
    const before = await rawCounts(warehouse);
    const batch = JSON.stringify([
      makeResponseCompleted({ event_id: "i-r1", tenant_id: "acme" }),
      makeResponseCompleted({ event_id: "i-r2", tenant_id: "acme", schema_version: 3 as never }),
    ]);
    expect((await post(batch)).status).toBe(202);
    expect((await post(batch)).status).toBe(202);
    const after = await rawCounts(warehouse);
    expect(after.responses - before.responses).toBe(1);
    expect(after.rejected - before.rejected).toBe(1);
  });

  it("answers 413 over the body or event limit, and 400 naming the body when it is not events", async () => {
    const big = JSON.stringify([
      { ...makeResponseCompleted({ tenant_id: "acme" }), query_text: "x".repeat(600 * 1024) },
    ]);
    const tooBig = await post(big);
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { error: { code: string } }).error.code).toBe("too_large");
    const many = JSON.stringify(
      Array.from({ length: 51 }, (_, i) => makeResponseCompleted({ event_id: `m-${i}`, tenant_id: "acme" })),
    );
    expect((await post(many)).status).toBe(413);
    const notArray = await post('{"event_id": "x"}', { contentType: "application/json" });
    // A lone object is read as one NDJSON line: an event, validated on its own.
    expect(notArray.status).toBe(202);
    const broken = await post("[{", { contentType: "application/json" });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { message: string } }).error.message).toMatch(/^body/);
    const rows = await queryRows<{ n: number }>(
      warehouse,
      `SELECT count() AS n FROM ${warehouse.table("responses")} WHERE event_id LIKE 'm-%'`,
    );
    expect(Number(rows[0]?.n)).toBe(0);
  });

  it("answers 503 when the warehouse is down, and never 202", async () => {
    const down = await startIngestService(
      loadIngestConfig({
        CLICKHOUSE_URL: "http://127.0.0.1:1",
        PORT: "0",
        MIGRATE_ON_START: "false",
        ANSWERSCOPE_KEYS: `ingest:acme:${INGEST_KEY}`,
        INGEST_RETRY_MIN_MS: "10",
        INGEST_RETRY_MAX_MS: "20",
      }),
    );
    try {
      const res = await fetch(`http://127.0.0.1:${down.port}/v1/events`, {
        method: "POST",
        headers: { authorization: `Bearer ${INGEST_KEY}`, "content-type": "application/json" },
        body: JSON.stringify([makeResponseCompleted({ tenant_id: "acme" })]),
      });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("unavailable");
      expect((await fetch(`http://127.0.0.1:${down.port}/readyz`)).status).toBe(503);
      expect((await fetch(`http://127.0.0.1:${down.port}/healthz`)).status).toBe(200);
    } finally {
      await down.stop();
    }
  });
});
