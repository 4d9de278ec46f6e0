import { queryRejected, queryRows, sqlValue, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnswerscopeClient, type AnswerscopeOptions, type ResponseCompletedFields } from "../../sdk/src/index";
import { startAnswerLosingProxy } from "../src/answer-losing-proxy";
import type { ClickHouseOutage } from "../src/clickhouse-outage";
import { startCuttingProxy } from "../src/cutting-proxy";
import { startIngestProcess, type IngestProcess, waitFor } from "@answerscope/test-kit";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

// The SDK against the real collector (ingest/src/main.ts in its own process, single-node: straight
// into ClickHouse). ClickHouse sits behind a cutting proxy, so a test can take it away: the
// collector then answers 503, as it does in production when it cannot store a batch.
const TENANTS = ["sdk-503", "sdk-lost", "sdk-shutdown", "sdk-bound"] as const;
const keyOf = (tenant: string) => `${tenant}-ingest-key-0000000000`;

const answer = (i: number, run: string): ResponseCompletedFields => ({
  response_id: `${run}-r${i}`,
  session_id: `${run}-s${i % 3}`,
  user_id: `${run}-u${i % 3}`,
  channel: "web",
  model: "gpt-test",
  provider: "openai",
  time_cost_ms: 1200 + i,
  prompt_tokens: 100,
  completion_tokens: 20 + i,
  iteration_count: 1,
  finish_reason: "stop",
  tool_count: 1,
  tools_used_names: ["search"],
  response_length: 300,
});

describe("@answerscope/sdk against the running collector", () => {
  let warehouse: Warehouse;
  let clickhouse: ClickHouseOutage;
  let collector: IngestProcess;
  let endpoint: string;

  beforeAll(async () => {
    const created = await createTestWarehouse("as_sdk");
    warehouse = created.warehouse;
    clickhouse = await startCuttingProxy(created.url);
    collector = await startIngestProcess({
      ...created.env,
      CLICKHOUSE_URL: clickhouse.url,
      KAFKA_BROKERS: "",
      MIGRATE_ON_START: "false",
      ANSWERSCOPE_KEYS: TENANTS.map((tenant) => `ingest:${tenant}:${keyOf(tenant)}`).join(","),
      // The collector gives up a write quickly and answers 503, so the SDK's retries are what waits.
      INGEST_RETRY_MIN_MS: "10",
      INGEST_RETRY_MAX_MS: "50",
    });
    endpoint = `http://127.0.0.1:${collector.port}`;
  });

  afterAll(async () => {
    await collector?.stop("SIGTERM");
    await clickhouse?.close();
    await dropTestWarehouse(warehouse);
  });

  const client = (tenant: (typeof TENANTS)[number], options: Partial<AnswerscopeOptions> = {}) =>
    new AnswerscopeClient({
      endpoint,
      apiKey: keyOf(tenant),
      tenantId: tenant,
      retry: { minDelayMs: 50, maxDelayMs: 200 },
      ...options,
    });

  /** Stored rows per event_id of one tenant's table: each event stored once is a 1 for each of its ids. */
  const storedRows = async (table: string, tenant: string) => {
    const rows = await queryRows<{ event_id: string; n: string }>(
      warehouse,
      `SELECT event_id, count() AS n FROM ${warehouse.table(table)} WHERE tenant_id = ${sqlValue(tenant)} GROUP BY event_id`,
    );
    return Object.fromEntries(rows.map((row) => [row.event_id, Number(row.n)]));
  };
  const once = (ids: string[]) => Object.fromEntries(ids.map((id) => [id, 1]));

  it("stores each event once after the collector answered 503 while ClickHouse was away", async () => {
    const statuses: (number | undefined)[] = [];
    const sdk = client("sdk-503", {
      maxBatchSize: 10,
      flushIntervalMs: 50,
      onRetry: (info) => statuses.push(info.status),
    });
    await clickhouse.stop();
    try {
      const ids = [
        ...Array.from({ length: 25 }, (_, i) => sdk.responseCompleted(answer(i, "a503")).event_id),
        ...Array.from(
          { length: 5 },
          (_, i) =>
            sdk.toolCall({
              tool_call_id: `a503-t${i}`,
              status: "completed",
              tool_name: "search",
              user_id: "a503-u0",
              session_id: "a503-s0",
              duration_ms: 40,
            }).event_id,
        ),
      ];
      await waitFor(
        async () => statuses.filter((status) => status === 503).length,
        (n) => n >= 2,
        { timeoutMs: 60_000, what: "the collector to answer 503 twice" },
      );
      expect(sdk.stats()).toMatchObject({ sent: 0, queued: 30, dropped: 0 });
      await clickhouse.start();
      await sdk.flush();
      expect(sdk.stats()).toMatchObject({ sent: 30, queued: 0, failed: 0, dropped: 0, rejected: 0 });
      expect(await storedRows("responses", "sdk-503")).toEqual(once(ids.slice(0, 25)));
      expect(await storedRows("tool_call_events", "sdk-503")).toEqual(once(ids.slice(25)));
    } finally {
      await clickhouse.start();
      await sdk.shutdown();
    }
  });

  it("sends a batch whose answer was lost again: each event stored once, each feedback one action, no conflict", async () => {
    const lossy = await startAnswerLosingProxy(endpoint, 2);
    const sdk = client("sdk-lost", { endpoint: lossy.url, maxBatchSize: 5, flushIntervalMs: 50 });
    try {
      const responses = Array.from({ length: 5 }, (_, i) => sdk.responseCompleted(answer(i, "lost")).event_id);
      const ratings = Array.from({ length: 5 }, (_, i) =>
        sdk.feedback({
          target_type: "chat_message",
          target_id: `lost-r${i}`,
          user_id: `lost-u${i % 3}`,
          rating: i % 2 ? "down" : "up",
          reason: i % 2 ? "incorrect" : null,
        }),
      );
      await sdk.flush();
      // Both batches' first answers were lost after the collector stored them, and each was sent again.
      expect(lossy.lost()).toBe(2);
      expect(sdk.stats()).toMatchObject({ sent: 10, retries: 2, failed: 0, dropped: 0 });
      expect(await storedRows("responses", "sdk-lost")).toEqual(once(responses));
      expect(await storedRows("feedback_events", "sdk-lost")).toEqual(once(ratings.map((r) => r.event_id)));
      const actions = await queryRows<{ client_feedback_id: string; events: number | string }>(
        warehouse,
        `SELECT client_feedback_id, uniqExact(event_id) AS events FROM ${warehouse.table("feedback_events")} WHERE tenant_id = 'sdk-lost' GROUP BY client_feedback_id ORDER BY client_feedback_id`,
      );
      expect(actions.map((a) => ({ ...a, events: Number(a.events) }))).toEqual(
        ratings
          .map((r) => ({ client_feedback_id: r.client_feedback_id, events: 1 }))
          .sort((a, b) => a.client_feedback_id.localeCompare(b.client_feedback_id)),
      );
      const rejected = await queryRejected(warehouse, {
        tenantId: "sdk-lost",
        from: new Date(Date.now() - 3_600_000).toISOString(),
        to: new Date(Date.now() + 3_600_000).toISOString(),
      });
      expect(rejected.total).toBe(0);
    } finally {
      await sdk.shutdown();
      await lossy.close();
    }
  });

  it("sends on shutdown what waits below the batch size, then drops and counts what comes after", async () => {
    const sdk = client("sdk-shutdown", { maxBatchSize: 1000, flushIntervalMs: 600_000 });
    const ids = Array.from({ length: 7 }, (_, i) => sdk.responseCompleted(answer(i, "shut")).event_id);
    expect(sdk.stats()).toMatchObject({ queued: 7, sent: 0 });
    expect(await storedRows("responses", "sdk-shutdown")).toEqual({});
    expect(await sdk.shutdown()).toEqual({ queued: 0, sent: 7, rejected: 0, failed: 0, dropped: 0, retries: 0 });
    expect(await storedRows("responses", "sdk-shutdown")).toEqual(once(ids));
    expect(sdk.responseCompleted(answer(8, "shut")).queued).toBe(false);
    expect(sdk.stats().dropped).toBe(1);
  });

  it("counts what the collector refuses: an invalid event as rejected with its reason, a batch with a wrong key as failed", async () => {
    const rejections: { event_id: string | null; reason: string }[] = [];
    const sdk = client("sdk-shutdown", {
      onRejected: (rejected) => rejections.push(...rejected.map(({ event_id, reason }) => ({ event_id, reason }))),
    });
    const valid = sdk.responseCompleted(answer(20, "refuse"));
    const bothParents = sdk.toolCall({
      tool_call_id: "refuse-t1",
      status: "started",
      tool_name: "search",
      user_id: "u",
      session_id: "s",
      diagnostic_task_id: "d",
    });
    expect(await sdk.shutdown()).toEqual({ queued: 0, sent: 1, rejected: 1, failed: 0, dropped: 0, retries: 0 });
    expect(rejections).toEqual([{ event_id: bothParents.event_id, reason: "invalid_field:diagnostic_task_id" }]);
    expect(Object.keys(await storedRows("responses", "sdk-shutdown"))).toContain(valid.event_id);

    const errors: string[] = [];
    const wrongKey = client("sdk-shutdown", {
      apiKey: "not-a-key-of-this-collector",
      onError: (error, events) => errors.push(`${events}: ${error.message}`),
    });
    const refused = wrongKey.responseCompleted(answer(21, "refuse"));
    expect(await wrongKey.shutdown()).toEqual({ queued: 0, sent: 0, rejected: 0, failed: 1, dropped: 0, retries: 0 });
    expect(errors).toEqual([
      expect.stringMatching(/^1: the collector refused a batch of 1 events: 401 unauthenticated/),
    ]);
    expect(Object.keys(await storedRows("responses", "sdk-shutdown"))).not.toContain(refused.event_id);
  });

  it("holds at most maxQueueSize events, the batch being retried included, and counts what it drops", async () => {
    const statuses: (number | undefined)[] = [];
    const sdk = client("sdk-bound", {
      maxQueueSize: 10,
      maxBatchSize: 5,
      flushIntervalMs: 50,
      onRetry: (info) => statuses.push(info.status),
    });
    await clickhouse.stop();
    try {
      const first = Array.from({ length: 5 }, (_, i) => sdk.responseCompleted(answer(i, "bound")));
      await waitFor(
        async () => statuses.length,
        (n) => n >= 1,
        { timeoutMs: 60_000, what: "the first batch to be retried" },
      );
      const more = Array.from({ length: 10 }, (_, i) => sdk.responseCompleted(answer(5 + i, "bound")));
      expect([...first, ...more].map((e) => e.queued)).toEqual([...Array(10).fill(true), ...Array(5).fill(false)]);
      expect(sdk.stats()).toMatchObject({ queued: 10, dropped: 5 });
      await clickhouse.start();
      await sdk.flush();
      expect(sdk.stats()).toMatchObject({ queued: 0, sent: 10, dropped: 5 });
      expect(await storedRows("responses", "sdk-bound")).toEqual(
        once([...first, ...more.slice(0, 5)].map((e) => e.event_id)),
      );
    } finally {
      await clickhouse.start();
      await sdk.shutdown();
    }
  });
});
