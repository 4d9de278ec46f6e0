import { createWarehouse, insertRows, type Warehouse } from "@answerscope/warehouse";
import { createLogger } from "@answerscope/runtime";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { dropTestWarehouse } from "../src/warehouse";

/**
 * The ClickHouse client's own log lines (warehouse/src/client-log.ts) against the real server.
 * ClickHouse's exception for a rejected insert quotes the value it could not parse, and for a
 * failed read names what the statement named: the lines carry the error's class, ClickHouse's code
 * and the query id, never that text.
 */
const PLANTED = `sk-planted${randomBytes(6).toString("hex")}`;

describe("ClickHouse client log", () => {
  const jsonLines: string[] = [];
  const textLines: string[] = [];
  let structured: Warehouse;
  let text: Warehouse;

  beforeAll(async () => {
    const database = `as_client_log_${randomBytes(4).toString("hex")}`;
    const url = inject("clickhouseUrl");
    const logger = createLogger("ingest", { destination: { write: (line: string) => void jsonLines.push(line) } });
    structured = createWarehouse({ url, database }, { logger });
    text = createWarehouse({ url, database }, { log: (line) => textLines.push(line) });
    await structured.client.command({ query: `CREATE DATABASE ${database}` });
    await structured.client.command({ query: `CREATE TABLE ${structured.table("counts")} (n UInt32) ENGINE = Memory` });
  });
  afterAll(async () => {
    await text.close();
    await dropTestWarehouse(structured);
  });

  /** An insert ClickHouse itself rejects, its exception quoting the planted value; the product's insert path. */
  const insertPlanted = (warehouse: Warehouse) => insertRows(warehouse, "counts", [{ n: PLANTED }]);

  it("hands a rejected insert to the process's logger as one JSON line with ClickHouse's code, no quoted value", async () => {
    const error: unknown = await insertPlanted(structured).catch((caught: unknown) => caught);
    // The server did quote it: what the caller gets (and handles) carries it, the log must not.
    expect(String(error)).toContain(PLANTED);
    const code = /Code: (\d+)/.exec(String(error))![1];

    const lines = jsonLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({
        level: "error",
        service: "ingest",
        component: "clickhouse client",
        operation: "Exec",
        error_class: "Error",
        clickhouse_code: code,
        msg: "Exec: HTTP request error.",
      }),
    ]);
    expect(lines[0]!.query_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(jsonLines.join("\n")).not.toContain(PLANTED);
  });

  it("writes a failed read as one text line without a logger, naming the query id and not the statement", async () => {
    const queryId = `client-log-${Date.now()}`;
    await expect(
      text.client.query({ query: `SELECT * FROM system.no_such_table_${PLANTED.slice(3)}`, query_id: queryId }),
    ).rejects.toThrow(PLANTED.slice(3));
    await expect(insertPlanted(text)).rejects.toThrow(PLANTED);
    expect(textLines).toEqual([
      `[clickhouse client] ERROR Connection: Query: HTTP request error. (operation=Query query_id=${queryId} error_class=Error clickhouse_code=60)`,
      expect.stringMatching(
        /^\[clickhouse client\] ERROR Connection: Exec: HTTP request error\. \(operation=Exec query_id=\S+ error_class=Error clickhouse_code=\d+\)$/,
      ),
    ]);
    expect(textLines.join("\n")).not.toContain(PLANTED.slice(3));
  });
});
