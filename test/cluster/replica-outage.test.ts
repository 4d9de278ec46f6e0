import { queryRows, sqlValue, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startApiProcess,
  type IngestProcess,
  groupLag,
  kafkaFor,
  produceMix,
  TOPICS,
  type ServiceProcess,
  startClickHouse,
  startKafka,
  stopClickHouse,
  stopKafka,
  waitFor,
} from "@answerscope/test-kit";
import { clusterNode, localCount, nodeWarehouse } from "../src/cluster";
import { startTestWorker, unfinishedRepairs, viewResponseCount } from "../src/ingest-workers";
import { buildEventMix } from "../src/event-mix";
import { createTestWarehouse, dedupedCounts, dropTestWarehouse } from "../src/warehouse";

const READ_KEY = "read-key-outage-0123456789";
const RANGE = "from=2026-11-30T00:00:00.000Z&to=2026-12-01T00:00:00.000Z";
/** The fact tables and the metrics view's table, whose `<table>_local` both replicas of shard 2 must hold alike. */
const LOCAL_TABLES = ["responses", "tool_call_events", "feedback_events", "metrics_5m"] as const;
const EVENT_TOPICS = [TOPICS.response_completed, TOPICS.tool_call, TOPICS.feedback_submitted];
const GROUP = "group-outage";

/** Rows of `<table>_local` on one replica and whether it has nothing left to fetch or merge. */
async function replicaState(node: Warehouse, table: string): Promise<{ rows: number; queue: number }> {
  const [queue] = await queryRows<{ n: number }>(
    node,
    `SELECT queue_size AS n FROM system.replicas WHERE database = ${sqlValue(node.target.database)} AND table = ${sqlValue(`${table}_local`)}`,
  );
  return { rows: await localCount(node, `${table}_local`), queue: Number(queue?.n ?? -1) };
}

/**
 * The replica that serves shard 2 (s2r1: the client prefers the first live replica of each
 * shard) is killed with -9 while an ingest worker writes and the query API reads; its twin
 * s2r2 takes over. Then it is started again and the two replicas exchange what each missed.
 *
 * Replication is asynchronous: a block that s2r1 stored just before the kill and s2r2 had not
 * fetched yet is invisible until s2r1 returns (docs/scale-out.md, "Failures"), so exact counts are
 * asserted once it is back; with it down, the test asserts that every read answers and that
 * ingest keeps going (the worker commits offsets only after the warehouse acknowledged the rows).
 *
 * When the kill lands between an INSERT's fact part and its views' parts on s2r1, the retry on
 * s2r2 is dropped by block deduplication together with its views (ClickHouse 18.16): the failed
 * write's announcement stays open, and once both replicas have caught up a view repair round adds what
 * metrics_5m lacks (sql/README.md, "View repairs"), so the exact count holds in every run.
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

  it("answers every API read, keeps ingesting, loses and double-counts nothing, and the replicas agree after the restart", async () => {
    const { brokers } = await startKafka({ name: broker, partitions: 4 });
    const kafka = kafkaFor(brokers);
    const mix = buildEventMix({ tenantId: "t-out", sessions: 300, runId: "outage", malformedEvery: 0 });
    const third = Math.floor(mix.messages.length / 3);
    worker = await startTestWorker(warehouse, url, brokers, GROUP);
    api = await startApiProcess({
      CLICKHOUSE_URL: url,
      CLICKHOUSE_DATABASE: warehouse.target.database,
      ANSWERSCOPE_KEYS: `read:t-out:${READ_KEY}`,
    });
    const apiBase = `http://127.0.0.1:${api.port}`;
    const statuses: number[] = [];
    const read = async () => {
      const res = await fetch(`${apiBase}/api/v1/metrics?${RANGE}`, {
        headers: { authorization: `Bearer ${READ_KEY}` },
      });
      statuses.push(res.status);
      return res.status === 200
        ? (((await res.json()) as { rows: { response_count: number }[] }).rows[0]?.response_count ?? 0)
        : -1;
    };

    await produceMix(kafka, mix.messages.slice(0, third), 200);
    await waitFor(read, (count) => count > 0, { timeoutMs: 120_000, what: "the first responses to be readable" });

    await stopClickHouse(victim.instance, { kill: true });
    // Reads keep going while the rest is produced and ingested with the replica down.
    const outageStatuses = statuses.length;
    let reading = true;
    const reads = (async () => {
      while (reading) await read();
    })();
    try {
      await produceMix(kafka, mix.messages.slice(third), 200);
      // Ingest keeps going: the group's committed offsets reach the end of every partition.
      await waitFor(
        () => groupLag(kafka, GROUP, EVENT_TOPICS),
        (lag) => lag === 0,
        { timeoutMs: 180_000, what: "the worker to commit every message with s2r1 down" },
      );
    } finally {
      reading = false;
      await reads;
    }
    const duringOutage = statuses.slice(outageStatuses);
    expect(duringOutage.length).toBeGreaterThan(3);
    expect(duringOutage.filter((status) => status !== 200)).toEqual([]);

    // Back up with the same ports and data: each replica fetches the parts the other has alone.
    await startClickHouse(victim.instance);
    const [restarted, twin] = [
      nodeWarehouse("s2r1", warehouse.target.database),
      nodeWarehouse("s2r2", warehouse.target.database),
    ];
    try {
      for (const table of LOCAL_TABLES) {
        const [a, b] = await waitFor(
          () => Promise.all([replicaState(restarted, table), replicaState(twin, table)]),
          ([a, b]) => a.queue === 0 && b.queue === 0 && a.rows === b.rows,
          { timeoutMs: 120_000, what: `s2r1 and s2r2 to hold the same ${table}_local with empty replication queues` },
        );
        expect(a.rows, `${table}_local`).toBeGreaterThan(0);
        expect(a.rows, `${table}_local on s2r1 and s2r2`).toBe(b.rows);
      }
    } finally {
      await Promise.all([restarted.close(), twin.close()]);
    }
    // Nothing lost: every distinct event is stored once the replica is back...
    expect(await dedupedCounts(warehouse, "t-out")).toEqual({
      responses: 900,
      toolCalls: 1800,
      feedback: 600,
      rejected: 0,
    });
    // ...and counted exactly once by the metrics view, and by the route that reads it: this waits
    // for the last INSERT's view parts (they commit just after its fact part) and for a view
    // repair round (every second in tests) where a failed write left the views short.
    await waitFor(
      () => viewResponseCount(warehouse, "t-out"),
      (count) => count === 900,
      { timeoutMs: 60_000, what: "metrics_5m to count 900 responses" },
    );
    await waitFor(read, (count) => count === 900, {
      timeoutMs: 30_000,
      what: "the metrics route to count 900 responses",
    });
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // Every failed write of the outage was repaired (and marked done) once the replicas agreed.
    await waitFor(
      () => unfinishedRepairs(warehouse),
      (left) => left.openWrites === 0 && left.pendingRepairs === 0,
      { timeoutMs: 30_000, what: "no write left open and no view repair left pending" },
    );
    const [recorded] = await queryRows<{ n: number }>(
      warehouse,
      `SELECT uniqExact(repair_id) AS n FROM ${warehouse.table("view_repairs")}`,
    );
    const rounds = worker
      .output()
      .split("\n")
      .filter((line) => line.startsWith("view repairs:"));
    console.log(
      `replica outage: ${Number(recorded?.n ?? 0)} interrupted or failed write(s) repaired; the worker's repair rounds:\n${rounds.join("\n")}`,
    );
  }, 480_000);
});
