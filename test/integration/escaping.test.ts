import { insertRows, queryRows, sqlString, sqlValue, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

const HOSTILE = [
  "it's",
  "back\\slash\\",
  "\\'",
  "nul\0in the middle",
  "'; DROP TABLE responses; --",
  "\\'; DROP TABLE responses; --",
  "line\nbreak\r\ttab",
  "中文：不是这个意思 🚀 émoji",
  "\u0007\b\f\v",
  "x".repeat(100 * 1024),
  "'".repeat(5000) + "\\".repeat(5000),
];

/** Every hostile string comes back from the real server exactly as it went in. */
describe("sqlString against ClickHouse", () => {
  let warehouse: Warehouse;
  beforeAll(async () => {
    ({ warehouse } = await createTestWarehouse("as_escape"));
  });
  afterAll(() => dropTestWarehouse(warehouse));

  it.each(HOSTILE.map((value, index) => [index, value] as const))(
    "round-trips hostile string #%i",
    async (_index, value) => {
      const rows = await queryRows<{ v: string; n: number }>(
        warehouse,
        `SELECT ${sqlString(value)} AS v, length(${sqlString(value)}) AS n`,
      );
      expect(rows[0]?.v).toBe(value);
      expect(Number(rows[0]?.n)).toBe(Buffer.byteLength(value));
    },
  );

  it("filters by a hostile value without matching anything else and without harming the table", async () => {
    // Through the product's insert path, so a value it mangled would not be found below.
    await insertRows(
      warehouse,
      "rejected_events",
      HOSTILE.slice(0, 9).map((value, index) => ({
        tenant_id: "t",
        dedup_key: `k${index}`,
        received_at: 0,
        received_at_ms: 0,
        source: "test",
        reason: value,
        message: "",
        event_id: "",
        event_type: "",
        payload: value,
        payload_bytes: 0,
      })),
    );
    for (const value of HOSTILE.slice(0, 9)) {
      const rows = await queryRows<{ payload: string }>(
        warehouse,
        `SELECT payload FROM ${warehouse.table("rejected_events")} WHERE reason = ${sqlValue(value)}`,
      );
      expect(rows.map((row) => row.payload)).toEqual([value]);
    }
    const all = await queryRows<{ n: number }>(
      warehouse,
      `SELECT count() AS n FROM ${warehouse.table("rejected_events")} WHERE reason IN (${HOSTILE.slice(0, 9).map(sqlValue).join(", ")})`,
    );
    expect(Number(all[0]?.n)).toBe(9);
  });
});
