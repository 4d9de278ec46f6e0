import type { Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiProcess } from "../src/api-process";
import { clusterNode, localCount, nodeWarehouse } from "../src/cluster";
import { startTestWorker, viewResponseCount } from "../src/ingest-workers";
import { buildEventMix } from "../src/event-mix";
import type { IngestProcess } from "../src/ingest-process";
import { kafkaFor, produceMix } from "../src/kafka";
import type { ServiceProcess } from "../src/service-process";
import { startClickHouse, startKafka, stopClickHouse, stopKafka } from "../src/services";
import { waitFor } from "../src/wait-for";
import { createTestWarehouse, dedupedCounts, dropTestWarehouse } from "../src/warehouse";

const READ_KEY = "read-key-outage-0123456789";
const RANGE = "from=2026-11-30T00:00:00.000Z&to=2026-12-01T00:00:00.000Z";
const FACT_TABLES = ["responses", "tool_call_events", "feedback_events"] as const;

/**
 * The replica that serves shard 2 (s2r1: the client prefers the first live replica of each
 * shard) is killed with -9 while an ingest worker writes and the query API reads; its twin
 * s2r2 takes over. Then it is started again and fetches what it missed from s2r2.
 */
describe("one ClickHouse replica killed during ingest and queries", () => {
  const broker = "cluster-replica-outage";
  const victim = clusterNode("s2r1");
  let warehouse: Warehouse;
  let url: string;
  let worker: IngestProcess | undefined;
  let api: ServiceProcess | undefined;

  beforeAll(async () => {
    ({ warehouse, url } = await createTestWarehouse("as_replica"));
  });
  afterAll(async () => {
    await worker?.stop("SIGTERM");
    await api?.stop("SIGTERM");
    await stopKafka(broker, { wipe: true });
    await startClickHouse(victim.instance);
    await dropTestWarehouse(warehouse);
  });

  it("answers every API read, loses nothing, and the replica catches up after its restart", async () => {
    const { brokers } = await startKafka({ name: broker, partitions: 4 });
    const kafka = kafkaFor(brokers);
    const mix = buildEventMix({ tenantId: "t-out", sessions: 300, runId: "outage", malformedEvery: 0 });
    const third = Math.floor(mix.messages.length / 3);
    worker = await startTestWorker(warehouse, url, brokers, "group-outage");
    api = await startApiProcess({ CLICKHOUSE_URL: url, CLICKHOUSE_DATABASE: warehouse.target.database, ANSWERSCOPE_KEYS: `read:t-out:${READ_KEY}` });
    const apiBase = `http://127.0.0.1:${api.port}`;
    const statuses: number[] = [];
    const read = async () => {
      const res = await fetch(`${apiBase}/api/v1/metrics?${RANGE}`, { headers: { authorization: `Bearer ${READ_KEY}` } });
      statuses.push(res.status);
      return res.status === 200 ? ((await res.json()) as { rows: { response_count: number }[] }).rows[0]?.response_count ?? 0 : -1;
    };

    await produceMix(kafka, mix.messages.slice(0, third), 200);
    await waitFor(read, (count) => count > 0, { timeoutMs: 120_000, what: "the first responses to be readable" });

    await stopClickHouse(victim.instance, { kill: true });
    // Reads keep going while the rest is produced and ingested with the replica down.
    let producing = true;
    const reading = (async () => {
      while (producing) await read();
    })();
    await produceMix(kafka, mix.messages.slice(third), 200);
    const counts = await waitFor(
      () => dedupedCounts(warehouse, "t-out"),
      (seen) => seen.responses === mix.expected.responses && seen.toolCalls === mix.expected.toolCalls && seen.feedback === mix.expected.feedback,
      { timeoutMs: 180_000, what: `counts ${JSON.stringify(mix.expected)} with s2r1 down` },
    );
    producing = false;
    await reading;
    expect(counts).toEqual({ responses: 900, toolCalls: 1800, feedback: 600, rejected: 0 });
    // The views' parts of an INSERT commit just after its fact part, so a read that raced the
    // last write may see the facts first: wait for the figures, a lost row still times out.
    await waitFor(read, (count) => count === 900, { timeoutMs: 30_000, what: "the metrics route to count 900 responses with s2r1 down" });
    await waitFor(() => viewResponseCount(warehouse, "t-out"), (count) => count === 900, { timeoutMs: 30_000, what: "metrics_5m to count 900 responses" });
    expect(statuses.length).toBeGreaterThan(3);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    // Back up with the same ports and data: it fetches the parts written to s2r2 meanwhile.
    await startClickHouse(victim.instance);
    const [restarted, twin] = [nodeWarehouse("s2r1", warehouse.target.database), nodeWarehouse("s2r2", warehouse.target.database)];
    try {
      for (const table of FACT_TABLES) {
        const expected = await localCount(twin, `${table}_local`);
        expect(expected, table).toBeGreaterThan(0);
        await waitFor(() => localCount(restarted, `${table}_local`), (n) => n === expected, { timeoutMs: 120_000, what: `s2r1 ${table}_local to reach ${expected} rows` });
      }
      expect(await read()).toBe(900);
    } finally {
      await Promise.all([restarted.close(), twin.close()]);
    }
  }, 420_000);
});
