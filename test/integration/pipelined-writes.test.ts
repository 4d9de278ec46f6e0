import {
  FACT_KINDS,
  FACT_TABLES,
  insertPrepared,
  prepareFacts,
  queryRows,
  writeFacts,
  type PreparedFacts,
  type Warehouse,
} from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateEdgeCaseDataset } from "../reference";
import { sinkBatches } from "../src/load-through-sink";
import { shuffled } from "../src/shuffled";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

/** Every column of every fact table, in a fixed order: what the views were fed is a function of these rows and their batches. */
async function factTables(w: Warehouse): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const kind of FACT_KINDS) {
    const { table, key } = FACT_TABLES[kind];
    tables[table] = await queryRows(w, `SELECT * FROM ${w.table(table)} ORDER BY ${key.join(", ")}`);
  }
  return tables;
}

/**
 * The ingest worker checks the next batch while the one before it is inserted (FactBuffer's
 * `prepare`), against what that insert stores (`pending`). Through the real sink, with the
 * edge-case data set (re-deliveries, corrected and late response versions, a call's events in
 * any order) shuffled across small batches: the rows stored, with their call marks and
 * superseded versions, are exactly those of writing the batches one after the other, whether the
 * check ran before the insert it depends on or after it (then it sees those rows twice).
 */
describe("checking a batch while the one before it is inserted", () => {
  let sequential: Warehouse;
  let pipelined: Warehouse;
  let batches: ReturnType<typeof sinkBatches>["batches"];

  beforeAll(async () => {
    [{ warehouse: sequential }, { warehouse: pipelined }] = await Promise.all([
      createTestWarehouse("as_seq"),
      createTestWarehouse("as_pipe"),
    ]);
    const dataset = generateEdgeCaseDataset(Number(process.env.REF_SEED ?? 1), { sessionsPerTenant: 40 });
    ({ batches } = sinkBatches(shuffled(dataset.events, 11), 150, Date.parse("2026-06-01T00:00:00Z")));
  });
  afterAll(() => Promise.all([dropTestWarehouse(sequential), dropTestWarehouse(pipelined)]));

  // Runs first: it only checks, and the database is still empty.
  it("drops a batch's copies of events the pending write stores, before that write landed", async () => {
    const w = pipelined;
    const [first, second] = batches;
    const pending = await prepareFacts(w, first!, undefined);
    // Nothing of `first` is stored yet; its rows come again in the next batch.
    const again = await prepareFacts(w, first!, pending);
    for (const kind of FACT_KINDS) expect(again[kind]).toHaveLength(0);
    const next = await prepareFacts(w, second!, pending);
    expect(next.toolCalls.length + next.responses.length).toBeGreaterThan(0);
  });

  it("stores exactly what writing the batches one after the other stores", async () => {
    for (const batch of batches) await writeFacts(sequential, batch);

    let previous: PreparedFacts | undefined;
    for (const [index, batch] of batches.entries()) {
      let prepared: PreparedFacts;
      if (previous && index % 2 === 1) {
        // The check runs after the insert it depends on landed: the lookup sees those rows too.
        await insertPrepared(pipelined, previous);
        prepared = await prepareFacts(pipelined, batch, previous);
      } else {
        prepared = await prepareFacts(pipelined, batch, previous);
        if (previous) await insertPrepared(pipelined, previous);
      }
      previous = prepared;
    }
    await insertPrepared(pipelined, previous!);

    const [expected, actual] = await Promise.all([factTables(sequential), factTables(pipelined)]);
    expect(expected.tool_call_events!.length).toBeGreaterThan(500);
    expect(expected.responses!.length).toBeGreaterThan(100);
    expect(actual).toEqual(expected);
  });
});
