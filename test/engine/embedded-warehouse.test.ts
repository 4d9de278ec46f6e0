import {
  createWarehouse,
  embeddedWarehouseDir,
  insertRows,
  LOCK_FILE,
  migrate,
  queryRows,
  sqlValue,
  type Warehouse,
} from "@answerscope/warehouse";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { embeddedDataRoot } from "../src/test-engine";

/** The embedded engine as the product opens it: createWarehouse with a data directory (warehouse/src/engine/). */
describe("the embedded warehouse", () => {
  const dataDir = embeddedWarehouseDir(embeddedDataRoot());
  const open = (database = "as_embedded", requestTimeoutMs = 60_000) =>
    createWarehouse({ dataDir, database, requestTimeoutMs });
  const opened: Warehouse[] = [];
  afterAll(async () => {
    for (const w of opened) await w.close();
  });

  it("is ClickHouse 26.x in this process, keeps its data in the data directory, and finds it again after a close", async () => {
    const first = open();
    expect(first.engine).toBe("embedded");
    const [engine] = await queryRows<{ version: string }>(first, "SELECT version() AS version");
    expect(engine?.version).toMatch(/^26\./);
    await migrate(first);
    await first.client.command({
      query: `CREATE TABLE ${first.table("engine_probe")} (id UInt32, text String) ENGINE = MergeTree ORDER BY id`,
    });
    await insertRows(first, "engine_probe", [
      { id: 1, text: "it's \\ 'quoted' — ü" },
      { id: 2, text: "" },
    ]);
    expect(readFileSync(join(dataDir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    await first.close();
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);

    const again = open();
    opened.push(again);
    expect(await queryRows(again, `SELECT id, text FROM ${again.table("engine_probe")} ORDER BY id`)).toEqual([
      { id: 1, text: "it's \\ 'quoted' — ü" },
      { id: 2, text: "" },
    ]);
    const [catalog] = await queryRows<{ tables: number }>(
      again,
      `SELECT count() AS tables FROM system.tables WHERE database = ${sqlValue("as_embedded")}`,
    );
    expect(catalog?.tables).toBeGreaterThan(10);
  });

  it("does not keep one statement's settings for the next (chdb/connection sends them as SET on its session)", async () => {
    const w = open();
    opened.push(w);
    // A key lookup sends max_query_size sized to its own text (warehouse/src/sink/key-lookup.ts).
    await queryRows(w, "SELECT 1", { clickhouse_settings: { max_query_size: "1000" } });
    const long = `SELECT length(${sqlValue("x".repeat(5000))}) AS n`;
    expect(await queryRows(w, long)).toEqual([{ n: 5000 }]);
    // Any setting: one statement's optimize_on_insert = 0 keeps duplicates; the next insert has the default again.
    await w.client.command({
      query: `CREATE TABLE ${w.table("replacing_probe")} (id UInt32) ENGINE = ReplacingMergeTree ORDER BY id`,
    });
    await insertRows(w, "replacing_probe", [{ id: 1 }, { id: 1 }], { optimize_on_insert: 0 });
    await insertRows(w, "replacing_probe", [{ id: 2 }, { id: 2 }]);
    expect(
      await queryRows(w, `SELECT id, count() AS n FROM ${w.table("replacing_probe")} GROUP BY id ORDER BY id`),
    ).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 1 },
    ]);
  });

  it("gives each session_id a session of its own, as HTTP sessions are (the outcome evaluator's temporary tables)", async () => {
    const w = open();
    opened.push(w);
    const inSession = (sessionId: string) => ({
      command: (query: string) => w.client.command({ query, session_id: sessionId }),
      rows: (query: string) => queryRows<{ id: number }>(w, query, { session_id: sessionId }),
    });
    const [a, b] = [inSession("evaluation-a"), inSession("evaluation-b")];
    await a.command("CREATE TEMPORARY TABLE outcome_probe (id UInt32) ENGINE = Memory");
    await b.command("CREATE TEMPORARY TABLE outcome_probe (id UInt32) ENGINE = Memory");
    await a.command("INSERT INTO outcome_probe VALUES (1)");
    await b.command("INSERT INTO outcome_probe VALUES (2), (3)");
    expect(await a.rows("SELECT id FROM outcome_probe ORDER BY id")).toEqual([{ id: 1 }]);
    expect(await b.rows("SELECT id FROM outcome_probe ORDER BY id")).toEqual([{ id: 2 }, { id: 3 }]);
    // Statements without a session see neither.
    await expect(queryRows(w, "SELECT id FROM outcome_probe")).rejects.toThrow(/outcome_probe/);
  });

  it("answers a statement past the request timeout with a timeout error, as the HTTP client does, and stays usable", async () => {
    const w = open("as_embedded", 200);
    opened.push(w);
    const started = Date.now();
    await expect(
      queryRows(w, "SELECT count() AS n FROM numbers(60000000) WHERE sipHash64(number) % 7 = 3"),
    ).rejects.toThrow(/Timeout error/);
    expect(Date.now() - started).toBeLessThan(1500);
    // The engine finishes the abandoned statement in the background; the next one waits for it and then runs.
    const other = open();
    opened.push(other);
    expect(await queryRows(other, "SELECT 41 + 1 AS n")).toEqual([{ n: 42 }]);
  });

  it("refuses a second data directory in the same process, naming both", () => {
    expect(() => createWarehouse({ dataDir: `${dataDir}-other`, database: "as_embedded" })).toThrow(
      new RegExp(`${dataDir}-other cannot be opened: this process already runs the embedded warehouse in ${dataDir}`),
    );
  });
});
