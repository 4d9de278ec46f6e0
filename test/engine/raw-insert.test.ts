import { createWarehouse, embeddedWarehouseDir, insertRows, queryRows, type Warehouse } from "@answerscope/warehouse";
import { ClickHouseError } from "@clickhouse/client";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedDataRoot } from "../src/test-engine";

/** The product's inserts on the embedded engine go to chDB as bytes (warehouse/src/engine/raw-insert.ts). */
describe("the embedded warehouse's inserts", () => {
  let w: Warehouse;
  beforeAll(async () => {
    w = createWarehouse({
      dataDir: embeddedWarehouseDir(embeddedDataRoot()),
      database: "as_raw_insert",
      requestTimeoutMs: 60_000,
    });
    await w.client.command({ query: "CREATE DATABASE IF NOT EXISTS as_raw_insert" });
    await w.client.command({
      query: `CREATE TABLE ${w.table("raw_probe")} (id UInt32, text String) ENGINE = MergeTree ORDER BY id`,
    });
  });
  afterAll(() => w.close());

  it("store every row of a body in several chunks, with the engine's count of written rows", async () => {
    const rows = Array.from({ length: 3000 }, (_, id) => ({
      id,
      text: `row ${id}: it's "ü" \\ ${"x".repeat(id % 50)}`,
    }));
    const lines = rows.map((row) => `${JSON.stringify(row)}\n`);
    // Chunks as insertRows makes them, one of them a string.
    const chunks = [
      Buffer.from(lines.slice(0, 1000).join("")),
      lines.slice(1000, 2000).join(""),
      Buffer.from(lines.slice(2000).join("")),
    ];
    const result = await w.client.exec({
      query: `INSERT INTO ${w.table("raw_probe")} FORMAT JSONEachRow`,
      values: Readable.from(chunks),
    });
    // chdb/connection's exec reports 0 written rows for an insert; the raw insert the engine's count.
    expect(result.summary?.written_rows).toBe("3000");
    expect(await queryRows(w, `SELECT id, text FROM ${w.table("raw_probe")} ORDER BY id`)).toEqual(rows);
  });

  it("fail with the engine's error as a ClickHouseError, as exec's do", async () => {
    const failure = insertRows(w, "raw_probe", [{ id: "not a number", text: "" }]);
    await expect(failure).rejects.toBeInstanceOf(ClickHouseError);
    await expect(failure).rejects.toMatchObject({ code: "27", type: "CANNOT_PARSE_INPUT_ASSERTION_FAILED" });
  });
});
