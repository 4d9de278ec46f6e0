import { createWarehouse, embeddedWarehouseDir, queryRows, type Warehouse } from "@answerscope/warehouse";
import { afterAll, describe, expect, it } from "vitest";
import { embeddedDataRoot } from "../src/test-engine";

/** A read that keeps the engine busy for a few hundred ms, and says when the engine started it (now64 is fixed at the query's start). */
const SLOW_READ =
  "SELECT toUnixTimestamp64Micro(now64(6)) AS started_us, count() AS n FROM numbers(6000000) WHERE sipHash64(number) % 7 = 3";

/** Sends two slow reads at once; how long both ran at the same time, against the shorter one's run. */
async function overlapOfTwo(w: Warehouse): Promise<{ overlapMs: number; shortestMs: number }> {
  const timed = async () => {
    const [row] = await queryRows<{ started_us: number; n: number }>(w, SLOW_READ);
    return { start: row!.started_us / 1000, end: Date.now() };
  };
  const runs = await Promise.all([timed(), timed()]);
  return {
    overlapMs: Math.min(...runs.map((r) => r.end)) - Math.max(...runs.map((r) => r.start)),
    shortestMs: Math.min(...runs.map((r) => r.end - r.start)),
  };
}

/** The embedded connection's session pool (warehouse/src/engine/session-pool.ts) on the engine itself. */
describe("the embedded warehouse's sessions", () => {
  const dataDir = embeddedWarehouseDir(embeddedDataRoot());
  const opened: Warehouse[] = [];
  const open = (embeddedSessions: number) => {
    const w = createWarehouse({ dataDir, database: "as_sessions", requestTimeoutMs: 120_000, embeddedSessions });
    opened.push(w);
    return w;
  };
  afterAll(async () => {
    for (const w of opened) await w.close();
  });

  it("runs statements without a session_id at once on a pool of sessions, one after the other on one session", async () => {
    // Warm the engine (first query's setup) so neither measured read pays it.
    await queryRows(open(1), "SELECT 1");
    const pooled = await overlapOfTwo(open(2));
    // Both run from the start: they overlap for most of the shorter one's run.
    expect(pooled.overlapMs).toBeGreaterThan(pooled.shortestMs / 2);
    const single = await overlapOfTwo(open(1));
    // The second starts as the first ends: at most the first's answer's way back to JavaScript.
    expect(single.overlapMs).toBeLessThan(single.shortestMs / 2);
  });

  it("keeps a session_id's statements on that session, its temporary tables and settings, while the pool runs others", async () => {
    const w = open(2);
    const sessionId = "evaluation-pool-probe";
    await w.client.command({
      query: "CREATE TEMPORARY TABLE pool_probe (id UInt32) ENGINE = Memory",
      session_id: sessionId,
    });
    await w.client.command({ query: "INSERT INTO pool_probe VALUES (7)", session_id: sessionId });
    await w.client.command({ query: "SET max_block_size = 1234", session_id: sessionId });
    const read = "SELECT id, getSetting('max_block_size') AS block FROM pool_probe";
    // Sent at once with statements without a session, which keep the pool's sessions busy.
    const results = await Promise.allSettled([
      ...Array.from({ length: 4 }, () => queryRows(w, SLOW_READ)),
      ...Array.from({ length: 4 }, () => queryRows(w, read, { session_id: sessionId })),
      ...Array.from({ length: 2 }, () => queryRows(w, read)),
    ]);
    const values = results.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message));
    expect(values.slice(4, 8)).toEqual(Array.from({ length: 4 }, () => [{ id: 7, block: 1234 }]));
    // Without the session_id neither the table nor the setting is there.
    for (const message of values.slice(8)) expect(message).toMatch(/pool_probe/);
    expect(await queryRows(w, "SELECT getSetting('max_block_size') AS block")).not.toEqual([{ block: 1234 }]);
  });

  it("counts a session busy until the engine has finished a statement the caller gave up on", async () => {
    // A statement runs on in the engine after its timeout (chDB cannot cancel it); a statement sent
    // after the timeout must go to another session, not queue behind it past its own timeout.
    const w = createWarehouse({ dataDir, database: "as_sessions", requestTimeoutMs: 1_000, embeddedSessions: 2 });
    opened.push(w);
    await queryRows(w, "SELECT 1");
    await expect(queryRows(w, "SELECT sleep(3) AS slept")).rejects.toThrow(/did not answer within 1000 ms/);
    expect(await queryRows(w, "SELECT 7 AS n")).toEqual([{ n: 7 }]);
  });
});
