import { createFactBuffer, createIngestMetrics, loadIngestConfig } from "@answerscope/ingest";
import {
  expiredWriteIntents,
  factBatchSize,
  intentRows,
  queryRows,
  WriteIntents,
  type FactBatch,
  type Warehouse,
} from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateEdgeCaseDataset } from "../reference";
import { sinkBatches } from "../src/load-through-sink";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";
import { waitFor } from "@answerscope/test-kit";

/**
 * The ingest service's buffer (ingest/src/sink/warehouse-writer.ts) announces a write when it
 * checks the batch, which for the next batch is while the write before it runs. A rebalance
 * drops batches whose write has not started, checked ones among them: their announcements must
 * be cancelled as a returned write's are, or the view repairer would take each for an
 * interrupted write once it expires and repair hours nothing was written to.
 *
 * The fact inserts pass through a gate the test opens, so the first write is still running when
 * the second batch has been checked and is dropped; everything else is the real ClickHouse.
 */
describe("a checked batch dropped before its write", () => {
  let warehouse: Warehouse;
  let batches: FactBatch[];

  beforeAll(async () => {
    ({ warehouse } = await createTestWarehouse("as_discarded_checks"));
    const dataset = generateEdgeCaseDataset(7, { sessionsPerTenant: 4 });
    ({ batches } = sinkBatches(dataset.events, 40, Date.parse("2026-06-01T00:00:00Z")));
    batches = batches.filter((batch) => batch.responses.length + batch.toolCalls.length > 0).slice(0, 2);
  });
  afterAll(() => dropTestWarehouse(warehouse));

  it("cancels its announcement, so the repairer never takes it for an interrupted write", async () => {
    expect(batches).toHaveLength(2);
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const factInserts: string[] = [];
    const client = Object.create(warehouse.client) as Warehouse["client"];
    // Every insert of the product is an exec of `INSERT INTO <db>.<table> FORMAT ...` (insertRows).
    client.exec = async (params: Parameters<Warehouse["client"]["exec"]>[0]) => {
      if (!params.query.includes(".write_intents ")) {
        factInserts.push(params.query);
        await gate;
      }
      return warehouse.client.exec(params);
    };
    const gated: Warehouse = { ...warehouse, client };
    // Expired at once: any announcement left open is found by the next look.
    const intents = new WriteIntents(gated, 0);
    const config = loadIngestConfig({ INGEST_BATCH_MAX_ROWS: "1" });
    const buffer = createFactBuffer(
      { warehouse: gated, config, metrics: createIngestMetrics(), intents },
      { maxWaitMs: 60_000 },
    );
    const openAnnouncements = async () => {
      const [row] = await queryRows<{ n: number }>(
        warehouse,
        `SELECT count() AS n FROM (SELECT intent_id FROM ${warehouse.table("write_intents")} GROUP BY intent_id HAVING sum(sign) > 0)`,
      );
      return Number(row!.n);
    };

    // Each batch is over maxRows, so each closes as it is added: the first is written (and
    // held at the gate), the second is checked meanwhile, its write announced.
    const first = buffer.add(batches[0]!);
    const second = buffer.add(batches[1]!);
    second.catch(() => undefined);
    // What each write announces (one row per tenant of its responses and tool calls).
    const announced = intentRows(batches[0]!, 0).length + intentRows(batches[1]!, 0).length;
    await waitFor(async () => factInserts.length > 0 && (await openAnnouncements()) === announced, Boolean, {
      timeoutMs: 30_000,
      what: "both writes announced, the first one's inserts started",
    });

    expect(buffer.discardUnstarted("the group is rebalancing")).toBe(factBatchSize(batches[1]!));
    await expect(second).rejects.toThrow(/rebalancing/);
    openGate();
    await first;
    await intents.flush();

    expect(await openAnnouncements()).toBe(0);
    expect(await expiredWriteIntents(warehouse, Date.now() + 1)).toEqual([]);
  });
});
