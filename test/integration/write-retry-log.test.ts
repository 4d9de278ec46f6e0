import { createFactBuffer, createIngestMetrics, loadIngestConfig } from "@answerscope/ingest";
import { createLogger } from "@answerscope/runtime";
import { WriteIntents, type FactBatch, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateEdgeCaseDataset } from "../reference";
import { sinkBatches } from "../src/load-through-sink";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

/**
 * A failed warehouse write is retried and logged (ingest/src/sink/warehouse-writer.ts). ClickHouse's
 * errors can quote the rows they were inserting, so the line names the error's class, never its
 * message. The first fact insert fails with a message quoting a planted value; everything else is
 * the real ClickHouse.
 */
const PLANTED = "planted-row-value-5150";

describe("a warehouse write that fails once", () => {
  let warehouse: Warehouse;
  let batch: FactBatch;

  beforeAll(async () => {
    ({ warehouse } = await createTestWarehouse("as_write_retry_log"));
    const dataset = generateEdgeCaseDataset(3, { sessionsPerTenant: 2 });
    const { batches } = sinkBatches(dataset.events, 40, Date.parse("2026-06-01T00:00:00Z"));
    batch = batches.find((candidate) => candidate.responses.length > 0)!;
  });
  afterAll(() => dropTestWarehouse(warehouse));

  it("is retried and logged by its error's class, without the message that quotes the rows", async () => {
    let failed = 0;
    const client = Object.create(warehouse.client) as Warehouse["client"];
    // Every insert of the product is an exec of `INSERT INTO <db>.<table> FORMAT ...` (insertRows).
    client.exec = async (params: Parameters<Warehouse["client"]["exec"]>[0]) => {
      if (params.query.startsWith("INSERT") && !params.query.includes(".write_intents ") && failed++ === 0)
        throw new TypeError(`Cannot parse input at row 1: ${JSON.stringify(PLANTED)}`);
      return warehouse.client.exec(params);
    };
    const lines: string[] = [];
    const config = loadIngestConfig({ INGEST_RETRY_MIN_MS: "1", INGEST_RETRY_MAX_MS: "5" });
    const buffer = createFactBuffer(
      {
        warehouse: { ...warehouse, client },
        config,
        metrics: createIngestMetrics(),
        intents: new WriteIntents(warehouse, 60_000),
        logger: createLogger("ingest", { destination: { write: (line: string) => void lines.push(line) } }),
      },
      { maxWaitMs: 10, maxAttempts: 3 },
    );
    await buffer.add(batch);
    await buffer.flush();

    expect(failed).toBeGreaterThan(1);
    const retries = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === "warehouse write failed, retrying");
    expect(retries).toEqual([expect.objectContaining({ level: "warn", attempt: 1, error_class: "TypeError" })]);
    expect(lines.join("\n")).not.toContain(PLANTED);
  });
});
