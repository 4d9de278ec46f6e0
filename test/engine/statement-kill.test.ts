import { createWarehouse, embeddedWarehouseDir, queryRows, type Warehouse } from "@answerscope/warehouse";
import { afterAll, describe, expect, it } from "vitest";
import { embeddedDataRoot } from "../src/test-engine";

/** A read that would keep the engine busy for hours (10^11 hashes). */
const ENDLESS_READ = "SELECT count() AS n FROM numbers(100000000000) WHERE sipHash64(number) % 7 = 3";

/** The embedded connection (warehouse/src/engine/embedded-connection.ts) stops what its request timeout gave up on. */
describe("the embedded warehouse's request timeout", () => {
  const dataDir = embeddedWarehouseDir(embeddedDataRoot());
  const opened: Warehouse[] = [];
  afterAll(async () => {
    for (const w of opened) await w.close();
  });

  it("kills the statement in the engine, so its session runs the next one within the timeout", async () => {
    // One session: a statement after the timed-out one runs on the same session, behind it.
    const w = createWarehouse({ dataDir, database: "as_kill", requestTimeoutMs: 5_000, embeddedSessions: 1 });
    opened.push(w);
    await queryRows(w, "SELECT 1");
    await expect(queryRows(w, ENDLESS_READ)).rejects.toThrow(/did not answer within 5000 ms/);
    // Without the kill it would wait hours behind the endless read and time out itself.
    expect(await queryRows(w, "SELECT 7 AS n")).toEqual([{ n: 7 }]);
    // And the engine runs it no more (system.processes lists every session's statements).
    const running = await queryRows<{ query: string }>(w, "SELECT query FROM system.processes");
    expect(running.map((r) => r.query).filter((q) => q.includes("numbers(100000000000)"))).toEqual([]);
  });
});
