import { loadIngestConfig, startIngestService, type RunningService } from "@answerscope/ingest";
import { queryRows, sqlValue, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnswerscopeClient } from "../../sdk/src/index";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

const TENANT = "sdk-rate";
const KEY = "sdk-rate-ingest-key-0000000000";
const feedback = { target_type: "chat_message", target_id: "r-1", user_id: "u-1", rating: "up" } as const;

/**
 * The SDK against the collector's own per-key rate limit: its 429 and Retry-After are the
 * collector's, not a stand-in's. One collector gives a token back every second (Retry-After: 1),
 * the other every 50 s (a wait longer than a shutdown allows).
 */
describe("@answerscope/sdk against the collector's rate limit", () => {
  let warehouse: Warehouse;
  let env: Record<string, string>;
  const services: RunningService[] = [];

  const startCollector = async (perSecond: string) => {
    const service = await startIngestService(
      loadIngestConfig({
        ...env,
        PORT: "0",
        KAFKA_BROKERS: "",
        MIGRATE_ON_START: "false",
        ANSWERSCOPE_KEYS: `ingest:${TENANT}:${KEY}`,
        COLLECTOR_RATE_LIMIT_PER_S: perSecond,
        COLLECTOR_RATE_LIMIT_BURST: "1",
      }),
    );
    services.push(service);
    const endpoint = `http://127.0.0.1:${service.port}`;
    // Takes the key's one token, so the client's first POST is over the rate.
    const spent = await fetch(`${endpoint}/v1/events`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: "[]",
    });
    expect(spent.status).not.toBe(429);
    return endpoint;
  };

  /** The real fetch, counting the client's requests and when each went out. */
  const countingFetch = () => {
    const calls: { at: number; body: string }[] = [];
    const fetchCounted = ((url: string, init: RequestInit) => {
      calls.push({ at: Date.now(), body: String(init.body) });
      return fetch(url, init);
    }) as typeof fetch;
    return { calls, fetch: fetchCounted };
  };

  beforeAll(async () => {
    const created = await createTestWarehouse("as_sdk_rate");
    warehouse = created.warehouse;
    env = created.env;
  });

  afterAll(async () => {
    for (const service of services) await service.stop();
    await dropTestWarehouse(warehouse);
  });

  it("waits the collector's Retry-After, then sends the same bytes: same event_id and client_feedback_id", async () => {
    const endpoint = await startCollector("1");
    const { calls, fetch } = countingFetch();
    const retries: { status?: number; delayMs: number }[] = [];
    const client = new AnswerscopeClient({
      endpoint,
      apiKey: KEY,
      tenantId: TENANT,
      fetch,
      retry: { minDelayMs: 1, maxDelayMs: 2 },
      onRetry: ({ status, delayMs }) => retries.push({ status, delayMs }),
    });
    const { client_feedback_id, event_id } = client.feedback(feedback);
    await client.flush();
    expect(retries).toEqual([{ status: 429, delayMs: 1000 }]);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(990);
    expect(calls[1]!.body).toBe(calls[0]!.body);
    expect(JSON.parse(calls[0]!.body)).toEqual([
      expect.objectContaining({
        event_id,
        client_feedback_id,
        event_type: "feedback_submitted",
        tenant_id: TENANT,
        schema_version: 1,
      }),
    ]);
    expect(client.stats()).toEqual({ queued: 0, sent: 1, rejected: 0, failed: 0, dropped: 0, retries: 1 });
    const stored = await queryRows<{ event_id: string; client_feedback_id: string }>(
      warehouse,
      `SELECT event_id, client_feedback_id FROM ${warehouse.table("feedback_events")} WHERE tenant_id = ${sqlValue(TENANT)}`,
    );
    expect(stored).toEqual([{ event_id, client_feedback_id }]);
  });

  it("gives up a wait longer than shutdown's deadline, counting the events as dropped", async () => {
    const endpoint = await startCollector("0.02");
    const { calls, fetch } = countingFetch();
    const client = new AnswerscopeClient({ endpoint, apiKey: KEY, tenantId: TENANT, fetch, shutdownTimeoutMs: 300 });
    client.feedback(feedback);
    client.feedback(feedback);
    const started = Date.now();
    expect(await client.shutdown()).toEqual({ queued: 0, sent: 0, rejected: 0, failed: 0, dropped: 2, retries: 0 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(calls).toHaveLength(1);
  });
});
