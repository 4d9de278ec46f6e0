import { createWarehouse, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

/** The product's ClickHouse client against the real server: a failed request is logged once, in one line. */
describe("ClickHouse client log", () => {
  const lines: string[] = [];
  let warehouse: Warehouse;
  beforeAll(() => {
    warehouse = createWarehouse(
      { url: inject("clickhouseUrl"), database: "system" },
      { log: (line) => lines.push(line) },
    );
  });
  afterAll(() => warehouse.close());

  it("rejects the caller with the server's error and logs it as one line naming the query id", async () => {
    const queryId = `client-log-${Date.now()}`;
    await expect(
      warehouse.client.query({ query: "SELECT * FROM system.no_such_table", query_id: queryId }),
    ).rejects.toThrow(/no_such_table/);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\[clickhouse client\] ERROR .*no_such_table.* \(operation=Query query_id=client-log-\d+\)$/,
    );
    expect(lines[0]).toContain(queryId);
    expect(lines[0]).not.toContain("\n");
  });
});
